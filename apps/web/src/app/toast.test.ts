import Toast from 'antd-mobile/es/components/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from './toast';

// Toast and Dialog load on first use (overlays.ts): each check of them waits for that import first.
afterEach(() => {
  vi.restoreAllMocks();
});

describe('showToast', () => {
  it('shows a message for 1500 ms by default, without a mask', async () => {
    const show = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    showToast('Saved');
    await vi.dynamicImportSettled();
    expect(show).toHaveBeenCalledWith({ content: 'Saved', duration: 1500, maskClickable: true });
  });

  it('takes a duration, a mask and an icon', async () => {
    const show = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    showToast('Done', { duration: 3000, mask: true, icon: 'success' });
    await vi.dynamicImportSettled();
    expect(show).toHaveBeenCalledWith({
      content: 'Done',
      duration: 3000,
      maskClickable: false,
      icon: 'success',
    });
  });

  it('shows nothing for an empty message', async () => {
    const show = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    showToast('');
    showToast(undefined);
    showToast(null);
    await vi.dynamicImportSettled();
    expect(show).not.toHaveBeenCalled();
  });
});
