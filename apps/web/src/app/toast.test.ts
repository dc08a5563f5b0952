import Toast from 'antd-mobile/es/components/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from './toast';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('showToast', () => {
  it('shows a message for 1500 ms by default, without a mask', () => {
    const show = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    showToast('Saved');
    expect(show).toHaveBeenCalledWith({ content: 'Saved', duration: 1500, maskClickable: true });
  });

  it('takes a duration, a mask and an icon', () => {
    const show = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    showToast('Done', { duration: 3000, mask: true, icon: 'success' });
    expect(show).toHaveBeenCalledWith({
      content: 'Done',
      duration: 3000,
      maskClickable: false,
      icon: 'success',
    });
  });

  it('shows nothing for an empty message', () => {
    const show = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    showToast('');
    showToast(undefined);
    showToast(null);
    expect(show).not.toHaveBeenCalled();
  });
});
