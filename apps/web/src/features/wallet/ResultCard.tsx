import Button from 'antd-mobile/es/components/button';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type ReceiptRow, ReceiptRows } from '../../shared/ReceiptRows';
import styles from './ResultCard.module.css';
import { WalletPaths } from './wallet-paths';

interface ResultCardProps {
  title: string;
  rows: readonly ReceiptRow[];
  /** Label of the button that starts another one (a new transfer). */
  againText: string;
  onAgain: () => void;
}

/** The receipt of a movement that went through, with the way to another one or back to the wallet. */
export function ResultCard({ title, rows, againText, onAgain }: ResultCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={styles.card} aria-labelledby="result-title" data-testid="result-card">
      <CheckCircleFill className={styles.icon} aria-hidden="true" />
      <h2 id="result-title" className={styles.title}>
        {title}
      </h2>
      <ReceiptRows rows={rows} />
      <div className={styles.buttons}>
        <Button block size="large" color="primary" onClick={onAgain}>
          {againText}
        </Button>
        <Button block size="large" fill="outline" onClick={() => navigate(WalletPaths.wallet)}>
          {t('wallet.backToWallet')}
        </Button>
      </div>
    </section>
  );
}
