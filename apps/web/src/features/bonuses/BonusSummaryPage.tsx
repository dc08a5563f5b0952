import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLayout } from '../../shared/PageLayout';
import { displayAmount } from '../admin/admin-format';
import styles from './Bonuses.module.css';
import { BonusPaths } from './bonus-paths';
import { bonusesApi, bonusKeys } from './bonuses.api';

/** Asset/bonussummary: the member's bonus totals by type, rank, and left and right volumes and balances. */
export default function BonusSummaryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useQuery({
    queryKey: bonusKeys.summary,
    queryFn: ({ signal }) => bonusesApi.summary(signal),
  });
  const s = summary.data;
  const money = (text: string) => `${displayAmount(text)} ${s?.currency ?? ''}`;
  return (
    <PageLayout title={t('bonuses.summaryTitle')} backTo="/pages/personal/personal" padded={false}>
      {!s ? (
        <div className={styles.action} role="status">
          <DotLoading />
        </div>
      ) : (
        <>
          <section className={styles.total} data-testid="bonus-total">
            <div className={styles.totalLabel}>{t('bonuses.total')}</div>
            <div className={styles.totalValue}>{money(s.total)}</div>
            <div className={styles.rank}>
              {t('bonuses.rank')}: <strong data-testid="bonus-rank">{s.rank}</strong>
            </div>
          </section>
          <div className={styles.grid}>
            {(
              [
                ['sponsor', s.sponsor],
                ['pairing', s.pairing],
                ['leftVolume', s.leftTotal],
                ['rightVolume', s.rightTotal],
                ['leftBalance', s.leftCarry],
                ['rightBalance', s.rightCarry],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className={styles.cell} data-testid={`bonus-${key}`}>
                <div className={styles.cellLabel}>{t(`bonuses.${key}`)}</div>
                <div className={styles.cellValue}>{money(value)}</div>
              </div>
            ))}
          </div>
          <div className={styles.action}>
            <Button block color="primary" onClick={() => navigate(BonusPaths.records)}>
              {t('bonuses.viewRecords')}
            </Button>
          </div>
        </>
      )}
    </PageLayout>
  );
}
