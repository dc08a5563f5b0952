import { errorText } from '../../app/error-text';
import { i18n } from '../../app/i18n';

/** A code on the trade screen: its own wording under `trading.errors.`, else the app's `errors.`. */
export function tradeErrorText(code: string | undefined): string {
  const own = `trading.errors.${code}`;
  return code && i18n.exists(own) ? i18n.t(own) : errorText(code, 'VALIDATION_FAILED');
}
