import { errorText } from '../app/error-text';
import styles from './FormAlert.module.css';

/** A refusal that concerns the whole form (wrong login, locked account), above its submit button. */
export function FormAlert({ code, extra }: { code: string | undefined; extra?: string }) {
  if (!code) return null;
  return (
    <div className={styles.alert} role="alert" data-testid="form-alert">
      {errorText(code)}
      {extra ? ` ${extra}` : null}
    </div>
  );
}
