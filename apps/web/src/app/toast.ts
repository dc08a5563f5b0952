import Toast, { type ToastShowProps } from 'antd-mobile/es/components/toast';

export interface ToastOptions {
  /** Milliseconds; the spec's default is 1500. */
  duration?: number;
  mask?: boolean;
  icon?: ToastShowProps['icon'];
}

/** The one toast of the app. An empty message shows nothing (spec section 8). */
export function showToast(message: string | null | undefined, options: ToastOptions = {}): void {
  if (!message) return;
  Toast.show({
    content: message,
    duration: options.duration ?? 1500,
    maskClickable: !options.mask,
    ...(options.icon ? { icon: options.icon } : {}),
  });
}
