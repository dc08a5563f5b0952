import type { TExchangeKey } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { showToast } from '../../app/toast';
import { dateTimeText } from '../../shared/format';
import { ReceiptRows } from '../../shared/ReceiptRows';
import styles from './ExchangeKeys.module.css';
import { keyQueries, keysApi } from './exchange-keys.api';
import { KeyPaths } from './key-paths';

/** A bound key: masked, its standing and why, what the exchange said of it, and a re-check. */
export function KeyCard({ item }: { item: TExchangeKey }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const recheck = useMutation({
    mutationFn: () => keysApi.recheck(item.id),
    onSuccess: async (key) => {
      showToast(
        key.status === 'active' ? t('exchangeKeys.checkedActive') : t('exchangeKeys.checkedSuspended'),
        { icon: key.status === 'active' ? 'success' : 'fail' },
      );
      await queryClient.invalidateQueries({ queryKey: keyQueries.all });
    },
  });
  const exchange = t(`exchangeKeys.exchange.${item.exchange}`);
  const rights = [
    item.canTradeSpot ? t('exchangeKeys.spot') : null,
    item.canTradePerpetual ? t('exchangeKeys.perpetual') : null,
  ].filter(Boolean);
  return (
    <section className={styles.card} aria-labelledby={`key-${item.id}`} data-testid={`key-${item.exchange}`}>
      <div className={styles.head}>
        <h2 id={`key-${item.id}`}>{exchange}</h2>
        <Tag color={item.status === 'active' ? 'success' : 'danger'} fill="outline">
          {t(`exchangeKeys.status.${item.status}`)}
        </Tag>
      </div>
      {item.statusReason ? (
        <p className={styles.reason} role="alert">
          {t(`exchangeKeys.reason.${item.statusReason}`)}
        </p>
      ) : null}
      {item.warnings.length > 0 ? (
        <ul className={styles.warnings} aria-label={t('exchangeKeys.warningsLabel')}>
          {item.warnings.map((warning) => (
            <li key={warning}>{t(`exchangeKeys.warning.${warning}`)}</li>
          ))}
        </ul>
      ) : null}
      <ReceiptRows
        rows={[
          { id: 'apiKey', label: t('exchangeKeys.apiKey'), value: <code>{item.apiKeyMasked}</code> },
          {
            id: 'ipWhitelist',
            label: t('exchangeKeys.ipWhitelist'),
            value:
              item.ipWhitelist.length > 0
                ? item.ipWhitelist.join(', ')
                : item.ipRestricted
                  ? t('exchangeKeys.ipRestrictedUnlisted')
                  : t('exchangeKeys.ipNone'),
          },
          {
            id: 'expiresAt',
            label: t('exchangeKeys.expiresAt'),
            value: item.expiresAt ? dateTimeText(item.expiresAt) : t('exchangeKeys.noExpiry'),
          },
          {
            id: 'rights',
            label: t('exchangeKeys.rights'),
            value: rights.length > 0 ? rights.join(', ') : t('exchangeKeys.noTrading'),
          },
          {
            id: 'lastChecked',
            label: t('exchangeKeys.lastChecked'),
            value: dateTimeText(item.lastCheckedAt),
          },
        ]}
      />
      <div className={styles.cardActions}>
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={recheck.isPending}
          onClick={() => recheck.mutate()}
        >
          {t('exchangeKeys.recheck')}
        </Button>
        <Link to={`${KeyPaths.unbind}?id=${item.id}`} className={styles.unbindLink}>
          {t('exchangeKeys.unbindLink')}
        </Link>
      </div>
    </section>
  );
}
