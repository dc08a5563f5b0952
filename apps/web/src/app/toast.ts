import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import { loadToast } from './overlays';

export interface ToastOptions {
  /** Milliseconds; the spec's default is 1500. */
  duration?: number;
  mask?: boolean;
  icon?: ToastShowProps['icon'];
}

/** The one toast of the app. An empty message shows nothing (spec section 8). */
export function showToast(message: string | null | undefined, options: ToastOptions = {}): void {
  if (!message) return;
  // Loaded on first use (overlays.ts): a moment later than a static import, the first time only.
  void loadToast()
    .then((Toast) =>
      Toast.show({
        content: message,
        duration: options.duration ?? 1500,
        maskClickable: !options.mask,
        ...(options.icon ? { icon: options.icon } : {}),
      }),
    )
    .catch(() => {});
}
