import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReceiptPopup, type ReceiptPopupProps } from './ReceiptPopup';

function popup(props: Partial<ReceiptPopupProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <ReceiptPopup
      visible
      title="Confirm the transfer"
      rows={[
        { id: 'to', label: 'To', value: 'Bo******mo (bobby01)' },
        { id: 'amount', label: 'Amount', value: '12.50 USDT', strong: true },
      ]}
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel, view };
}

describe('ReceiptPopup', () => {
  it('shows the title and every row of the receipt', () => {
    popup();
    const dialog = screen.getByRole('dialog', { name: 'Confirm the transfer' });
    expect(within(dialog).getByText('To')).toBeTruthy();
    expect(screen.getByTestId('receipt-row-to').textContent).toBe('Bo******mo (bobby01)');
    expect(screen.getByTestId('receipt-row-amount').textContent).toBe('12.50 USDT');
  });

  it('asks for the transaction password before it confirms, then hands it over as typed', async () => {
    const { onConfirm } = popup();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This field is required.');
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'Pay12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Pay12345'));
  });

  it('without a password (an action that moves no money) confirms at once', async () => {
    const { onConfirm } = popup({ askPassword: false });
    expect(screen.queryByLabelText('Transaction password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(''));
  });

  it('shows a refusal translated, and a notice above the rows', () => {
    popup({ error: 'TRANSACTION_PASSWORD_WRONG', notice: 'The rate moved.' });
    expect(screen.getByTestId('form-alert').textContent).toBe('The transaction password is not correct.');
    expect(screen.getByRole('status').textContent).toBe('The rate moved.');
  });

  it('cancels, except while a confirmation is on its way', () => {
    const { onCancel, view } = popup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    view.unmount();
    popup({ loading: true });
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
  });
});
