import { useQuery } from '@tanstack/react-query';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLayout } from '../../shared/PageLayout';
import { type ReceiptRow, ReceiptRows } from '../../shared/ReceiptRows';
import { displayAmount } from '../admin/admin-format';
import styles from './Bonuses.module.css';
import { BonusPaths } from './bonus-paths';
import { bonusesApi, bonusKeys } from './bonuses.api';

/** One bonus record; a pairing bonus with the left and right volumes and balances it was computed from. */
export default function BonusRecordPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const record = useQuery({
    queryKey: bonusKeys.record(id),
    queryFn: ({ signal }) => bonusesApi.record(id, signal),
  });
  const r = record.data;
  const money = (text: string) => `${displayAmount(text)} ${r?.currency ?? ''}`;
  const rows: ReceiptRow[] = r
    ? [
        { id: 'type', label: t('bonuses.type'), value: t(`bonuses.types.${r.type}`) },
        { id: 'period', label: t('bonuses.period'), value: r.periodStart },
        { id: 'rank', label: t('bonuses.rank'), value: r.rank },
        { id: 'rate', label: t('bonuses.rate'), value: `${(r.rateBps / 100).toString()}%` },
        { id: 'base', label: t('bonuses.base'), value: money(r.base) },
        { id: 'amount', label: t('bonuses.amount'), value: money(r.amount), strong: true },
        ...(r.capped ? [{ id: 'capped', label: t('bonuses.capped'), value: '✓' }] : []),
        { id: 'paid', label: t('bonuses.paid'), value: r.paid ? t('bonuses.paid') : t('bonuses.unpaid') },
      ]
    : [];
  const pairingRows: ReceiptRow[] = r?.pairing
    ? (
        [
          'newLeft',
          'newRight',
          'leftCarryBefore',
          'rightCarryBefore',
          'matched',
          'leftCarryAfter',
          'rightCarryAfter',
        ] as const
      ).map((key) => ({ id: key, label: t(`bonuses.${key}`), value: money(r.pairing![key]) }))
    : [];
  return (
    <PageLayout title={t('bonuses.recordTitle')} backTo={BonusPaths.records} padded={false}>
      {!r ? (
        <div className={styles.detail} role="status">
          <DotLoading />
        </div>
      ) : (
        <>
          <div className={styles.detail} data-testid="bonus-record">
            <ReceiptRows rows={rows} />
          </div>
          {pairingRows.length > 0 ? (
            <>
              <h2 className={styles.detailTitle}>{t('bonuses.types.pairing')}</h2>
              <div className={styles.detail} data-testid="bonus-pairing-detail">
                <ReceiptRows rows={pairingRows} />
              </div>
            </>
          ) : null}
        </>
      )}
    </PageLayout>
  );
}
