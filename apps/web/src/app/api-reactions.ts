import type { ApiError } from './api-error';
import { errorText } from './error-text';
import { i18n } from './i18n';
import { goToLogin, goToTotpEnrolment } from './navigation';
import { loadDialog } from './overlays';
import { session } from './session';
import { showToast } from './toast';

// One open modal per kind: ten calls failing together must not stack ten dialogs.
const openModals = new Set<string>();

function modalOnce(kind: string, content: string): void {
  if (openModals.has(kind)) return;
  openModals.add(kind);
  void loadDialog()
    .then((Dialog) => Dialog.alert({ content, confirmText: i18n.t('common.ok') }))
    // Its chunk did not load (offline before it was fetched): no modal, as there is no page to show it on.
    .catch(() => {})
    .finally(() => openModals.delete(kind));
}

/**
 * The error catalogue of spec section 8, applied to every failed call:
 * a dead session signs the member out and goes to login; 404 and 429 open the spec's modals; anything
 * else becomes a translated toast, unless the caller shows that code itself (`handled`).
 */
export function reactToError(error: ApiError, handled: readonly string[] = []): void {
  if (error.code === 'ABORTED') return;
  if (error.status === 401 && error.code === 'SESSION_INVALID') {
    session.signOut();
    goToLogin();
    return;
  }
  if (error.code === 'TOTP_ENROLMENT_REQUIRED') {
    goToTotpEnrolment();
    return;
  }
  if (handled.includes(error.code)) return;
  if (error.status === 404) modalOnce('404', i18n.t('http.notFound'));
  else if (error.status === 429) modalOnce('429', i18n.t('http.tooManyRequests'));
  else showToast(errorText(error.code));
}
