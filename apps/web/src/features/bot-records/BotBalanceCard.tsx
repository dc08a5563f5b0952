import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fundingText } from '../markets/market-format';
import { recordKeys, recordsApi } from './bot-records.api';
import { timeText } from './record-format';
import styles from './records.module.css';

/** Member/Botbalance and sinfo/fundingrate: the bot's assets on its exchange and its symbol's funding rate. */
export function BotBalanceCard({ botId }: { botId: string }) {
  const { t, i18n } = useTranslation();
  const balance = useQuery({ queryKey: recordKeys.balance(botId), queryFn: () => recordsApi.balance(botId) });
  const data = balance.data;
  if (!data) return null;
  return (
    <section className={styles.card} aria-label={t('botRecords.balance.title')} data-testid="bot-balance">
      <header className={styles.header}>
        <h3>{t('botRecords.balance.title')}</h3>
        <span className={styles.meta}>{t(`bots.exchanges.${data.exchange}`)}</span>
      </header>
      <dl className={styles.facts}>
        {data.balances.map((b) => (
          <div key={b.asset}>
            <dt>{b.asset}</dt>
            <dd>{t('botRecords.balance.amounts', { free: b.free, used: b.used })}</dd>
          </div>
        ))}
        {data.balances.length === 0 && (
          <div>
            <dt>{t('botRecords.balance.none')}</dt>
            <dd>0</dd>
          </div>
        )}
        {data.fundingRate && (
          <div>
            <dt>{t('botRecords.balance.funding')}</dt>
            <dd data-testid="bot-funding-rate">
              {fundingText(data.fundingRate.rate, i18n.language)}
              {data.fundingRate.nextFundingAt
                ? ` · ${timeText(data.fundingRate.nextFundingAt, i18n.language)}`
                : ''}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
