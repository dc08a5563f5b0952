import type { TBotSymbol } from '@app/contracts';
import Switch from 'antd-mobile/es/components/switch';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { changeText, fundingText, priceText, trendOf } from '../markets/market-format';
import styles from './BotSymbols.module.css';

const statusColor = { running: 'success', paused: 'warning', stopped: 'default' } as const;

/** A signed decimal string coloured by its sign: profit green, loss red. */
function Signed({ value, text }: { value: string; text: string }) {
  return <span className={styles[trendOf(value)]}>{text}</span>;
}

/**
 * One symbol's bot with what its exchange shows now: the last price, and on perpetuals the account's
 * position (side, size, entry, unrealized PnL, liquidation) and the funding rate. The switch runs or pauses it.
 */
export function SymbolCard({ row, onSwitch }: { row: TBotSymbol; onSwitch: (on: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { bot, position, fundingRate } = row;
  const perpetual = bot.marketType === 'perpetual';
  return (
    <article className={styles.card} data-testid={`symbol-${bot.symbol}`}>
      <header className={styles.header}>
        <div>
          <h3>{bot.symbol}</h3>
          <p className={styles.meta}>
            {[
              t(`bots.exchanges.${bot.exchange}`),
              t(`bots.direction.${bot.direction}`),
              ...(perpetual ? [`${bot.leverage}x`, t(`bots.marginMode.${bot.marginMode}`)] : []),
              ...(row.managed ? [t('botSymbols.managed')] : []),
            ].join(' · ')}
          </p>
        </div>
        <div className={styles.state}>
          <Tag color={statusColor[bot.status]} fill="outline" data-testid="symbol-status">
            {t(`bots.status.${bot.status}`)}
          </Tag>
          <Switch
            checked={bot.status === 'running'}
            onChange={onSwitch}
            aria-label={t('botSymbols.switch', { symbol: bot.symbol })}
            data-testid="symbol-switch"
          />
        </div>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t('botSymbols.lastPrice')}</dt>
          <dd data-testid="symbol-price">
            {row.lastPrice ? priceText(row.lastPrice, locale) : '—'}
            {row.change24hPercent && (
              <>
                {' '}
                <Signed value={row.change24hPercent} text={changeText(row.change24hPercent, locale)} />
              </>
            )}
          </dd>
        </div>
        {perpetual && (
          <>
            <div>
              <dt>{t('botSymbols.position')}</dt>
              <dd data-testid="symbol-position">
                {position
                  ? t('botSymbols.positionText', {
                      side: t(`bots.direction.${position.side}`),
                      contracts: position.contracts,
                      price: priceText(position.entryPrice, locale),
                    })
                  : t('botSymbols.noPosition')}
              </dd>
            </div>
            {position && (
              <>
                <div>
                  <dt>{t('botSymbols.unrealizedPnl')}</dt>
                  <dd data-testid="symbol-pnl">
                    <Signed value={position.unrealizedPnl} text={`${position.unrealizedPnl} USDT`} />
                  </dd>
                </div>
                <div>
                  <dt>{t('botSymbols.liquidation')}</dt>
                  <dd>{position.liquidationPrice ? priceText(position.liquidationPrice, locale) : '—'}</dd>
                </div>
              </>
            )}
            <div>
              <dt>{t('botSymbols.fundingRate')}</dt>
              <dd data-testid="symbol-funding">
                {fundingRate ? fundingText(fundingRate.rate, locale) : '—'}
              </dd>
            </div>
          </>
        )}
        {bot.pausedReason && (
          <div>
            <dt>{t('bots.list.pausedBecause')}</dt>
            <dd>{t(`bots.pausedReason.${bot.pausedReason}`)}</dd>
          </div>
        )}
      </dl>
      {row.problem && (
        <p className={styles.problem} role="status">
          {errorText(row.problem)}
        </p>
      )}
    </article>
  );
}
