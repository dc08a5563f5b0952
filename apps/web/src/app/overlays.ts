import { whenUserEngages } from '../shared/use-page-idle';

/**
 * antd-mobile's Toast and Dialog, loaded on first use rather than with the page (issue 19): they bring
 * react-spring and the mask (about 16 KB brotli), which drawing the login form does not need, and the
 * app's error reactions and toasts (api-reactions.ts, toast.ts) sit on every page's path. Fetched at the
 * visitor's first touch, key or focus (`prefetchOverlays`, §92), so a toast or a modal after a submit does
 * not wait for them, and a page that is only loading does not fetch them.
 */
export const loadToast = () => import('antd-mobile/es/components/toast').then((module) => module.default);
export const loadDialog = () => import('antd-mobile/es/components/dialog').then((module) => module.default);

export function prefetchOverlays(): void {
  whenUserEngages(() => {
    void loadToast();
    void loadDialog();
  });
}
