import type { TMarketType, TTradingExchange } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Switch from 'antd-mobile/es/components/switch';
import { useTranslation } from 'react-i18next';
import { rentalKeys, rentalsApi } from '../bot-rentals/bot-rentals.api';
import { marketRows } from './action-rows';
import styles from './BotListPage.module.css';
import { botKeys, botsApi } from './bots.api';
import type { ActionRequest } from './use-action-receipt';

/**
 * market_trade_off / market_Perp_trade_off: spot and perpetuals on or off, per exchange the member's active
 * rentals cover. Off: their bots there open no new cycle; open cycles run to their end.
 */
export function MarketSwitches({ ask }: { ask: (request: ActionRequest) => void }) {
  const { t } = useTranslation();
  const switches = useQuery({ queryKey: botKeys.markets, queryFn: ({ signal }) => botsApi.markets(signal) });
  const rentals = useQuery({ queryKey: rentalKeys.mine, queryFn: ({ signal }) => rentalsApi.mine(signal) });
  const markets = new Map<TTradingExchange, Set<TMarketType>>();
  for (const rental of (rentals.data?.items ?? []).filter((r) => r.active)) {
    for (const exchange of rental.exchanges) {
      const types = markets.get(exchange) ?? new Set<TMarketType>();
      for (const type of rental.marketTypes) types.add(type);
      markets.set(exchange, types);
    }
  }
  if (markets.size === 0 || !switches.data) return null;
  const isOff = (exchange: TTradingExchange, type: TMarketType) =>
    switches.data.off.some((o) => o.exchange === exchange && o.marketType === type);

  return (
    <section className={styles.card} aria-labelledby="bot-markets-title" data-testid="bot-markets">
      <h3 id="bot-markets-title" className={styles.sectionTitle}>
        {t('bots.markets.title')}
      </h3>
      <p className={styles.meta}>{t('bots.markets.hint')}</p>
      {[...markets].map(([exchange, types]) => (
        <div key={exchange} className={styles.switchRow}>
          <span>{t(`bots.exchanges.${exchange}`)}</span>
          {(['spot', 'perpetual'] as const)
            .filter((type) => types.has(type))
            .map((type) => {
              const on = !isOff(exchange, type);
              return (
                <span key={type} className={styles.switch}>
                  {t(`bots.marketTypes.${type}`)}
                  <Switch
                    checked={on}
                    data-testid={`market-${exchange}-${type}`}
                    aria-label={`${t(`bots.exchanges.${exchange}`)} ${t(`bots.marketTypes.${type}`)}`}
                    onChange={() =>
                      ask({
                        title: t(on ? 'bots.markets.turnOff' : 'bots.markets.turnOn'),
                        rows: marketRows(t, exchange, type, !on),
                        run: () => botsApi.switchMarket({ exchange, marketType: type, on: !on }),
                      })
                    }
                  />
                </span>
              );
            })}
        </div>
      ))}
    </section>
  );
}
