import { type ReceiptRow, ReceiptRows } from '../../shared/ReceiptRows';
import styles from './FactList.module.css';

/** The app's receipt rows in a shaded box: a receipt, or the withdrawal a dialog decides on. */
export function FactList({ facts, testId }: { facts: readonly ReceiptRow[]; testId?: string }) {
  return (
    <div className={styles.box} data-testid={testId}>
      <ReceiptRows rows={facts} />
    </div>
  );
}
