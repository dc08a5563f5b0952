import {
  type TMarketType,
  TradingExchanges,
  type TTradingExchange,
  ZMarketSymbol,
  ZTradingExchange,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { decimalText, signOf } from '../../shared/amounts';
import { ChoiceChips } from '../../shared/ChoiceChips';
import { errorCodeOf } from '../../shared/error-code';
import { PageLayout } from '../../shared/PageLayout';
import { AccountPanel } from './AccountPanel';
import { HistoryList } from './HistoryList';
import { LeverageControl } from './LeverageControl';
import { OpenOrdersPanel } from './OpenOrdersPanel';
import { OrderForm } from './OrderForm';
import { PositionsPanel } from './PositionsPanel';
import { Segmented } from './Segmented';
import { SymbolPicker } from './SymbolPicker';
import styles from './TradePage.module.css';
import { REFRESH_MS, tradingApi, tradingKeys } from './trading.api';
import { counterpartOf, marketTypeOf, partsOf } from './trading-paths';

/** Where to connect an exchange's API key. */
const BIND_KEY_PATH = '/pages/personal/trader';

/** The venue and symbol of the address (`?exchange=&symbol=`), checked; the market type follows. */
function useTradeParams() {
  const [params, setParams] = useSearchParams();
  const exchange = ZTradingExchange.safeParse(params.get('exchange') ?? 'paper').data ?? 'paper';
  const symbol = ZMarketSymbol.safeParse(params.get('symbol') ?? '').data ?? null;
  const change = (next: { exchange?: TTradingExchange; symbol?: string }) => {
    const merged = new URLSearchParams(params);
    if (next.exchange) merged.set('exchange', next.exchange);
    if (next.symbol) merged.set('symbol', next.symbol);
    setParams(merged, { replace: true });
  };
  return { exchange, symbol, change };
}

/**
 * The spec's online trade screen (SaveOrder, CloseOrder, setmargin, adjmargin): on the paper exchange or
 * a connected one, spot or perpetual, market or limit; then the account, positions, working orders and
 * the order history of that venue, kept fresh while the screen is in view.
 */
export default function TradePage() {
  const { t } = useTranslation();
  const params = useTradeParams();
  const [typeWithoutSymbol, setTypeWithoutSymbol] = useState<TMarketType>('spot');
  const [picking, setPicking] = useState(false);

  const venues = useQuery({
    queryKey: tradingKeys.venues,
    queryFn: ({ signal }) => tradingApi.venues(signal),
  });
  const available: readonly TTradingExchange[] = venues.data?.items ?? ['paper'];
  const exchange = available.includes(params.exchange) ? params.exchange : 'paper';
  const notConnected = venues.data && exchange !== params.exchange ? params.exchange : null;

  const marketType = params.symbol ? marketTypeOf(params.symbol) : typeWithoutSymbol;
  const markets = useQuery({
    queryKey: tradingKeys.markets(marketType),
    queryFn: ({ signal }) => tradingApi.markets(marketType, signal),
    refetchInterval: REFRESH_MS,
  });
  const symbol = params.symbol ?? markets.data?.items[0]?.symbol ?? null;
  const market = markets.data?.items.find((m) => m.symbol === symbol);
  const unknownSymbol = Boolean(markets.data && symbol && !market);

  const account = useQuery({
    queryKey: tradingKeys.account(exchange, marketType),
    queryFn: ({ signal }) => tradingApi.account(exchange, marketType, signal),
    refetchInterval: REFRESH_MS,
  });
  const accountError = account.isError && !account.isFetching ? errorCodeOf(account.error) : null;
  const positions = account.data?.marketType === 'perpetual' ? account.data.positions : undefined;
  const freeOf = (asset: string) => account.data?.balances.find((b) => b.asset === asset)?.free;
  const { base, quote } = symbol ? partsOf(symbol) : { base: '', quote: '' };

  const switchType = (type: TMarketType) => {
    if (type === marketType) return;
    if (symbol) params.change({ symbol: counterpartOf(symbol, type) });
    else setTypeWithoutSymbol(type);
  };
  const change = market ? signOf(market.change24hPercent) : 0;

  return (
    <PageLayout title={t('trading.title')} backTo={Routes.home} padded={false}>
      <div className={styles.page}>
        <div className={styles.columns}>
          <div className={styles.trade}>
            <section className={styles.card} aria-label={t('trading.form.title')}>
              <ChoiceChips
                name="venue"
                value={exchange}
                options={TradingExchanges.filter((x) => available.includes(x)).map((x) => ({
                  value: x,
                  label: t(`trading.venues.${x}`),
                }))}
                onChange={(next) => params.change({ exchange: next })}
              />
              {notConnected ? (
                <p className={styles.notice} role="status">
                  {t('trading.notConnected', { exchange: t(`trading.venues.${notConnected}`) })}{' '}
                  <Link to={BIND_KEY_PATH}>{t('trading.bindKey')}</Link>
                </p>
              ) : null}
              {exchange === 'paper' ? <p className={styles.hint}>{t('trading.paperHint')}</p> : null}
              <div className={styles.gap} />
              <Segmented
                name="marketType"
                label={t('trading.marketType')}
                value={marketType}
                options={[
                  { value: 'spot', label: t('trading.marketTypes.spot') },
                  { value: 'perpetual', label: t('trading.marketTypes.perpetual') },
                ]}
                onChange={switchType}
              />
              <button
                type="button"
                className={styles.symbolButton}
                onClick={() => setPicking(true)}
                aria-haspopup="dialog"
                data-testid="symbol-button"
              >
                <span className={styles.symbol}>{symbol ?? t('trading.picker.choose')}</span>
                <DownOutline aria-hidden="true" />
                <span className={styles.price} data-testid="last-price">
                  {market ? decimalText(market.last) : '—'}
                </span>
                {market ? (
                  <span className={change > 0 ? styles.up : change < 0 ? styles.down : styles.flat}>
                    {t('trading.picker.change', {
                      percent: change > 0 ? `+${market.change24hPercent}` : market.change24hPercent,
                    })}
                  </span>
                ) : null}
              </button>
              {unknownSymbol ? (
                <p className={styles.notice} role="alert">
                  {t('trading.unknownSymbol', { symbol })}
                </p>
              ) : null}
              {marketType === 'perpetual' && symbol ? (
                <LeverageControl
                  key={`${exchange}-${symbol}`}
                  exchange={exchange}
                  symbol={symbol}
                  position={positions?.find((p) => p.symbol === symbol)}
                />
              ) : null}
              {symbol ? (
                <OrderForm
                  key={`${exchange}-${marketType}`}
                  exchange={exchange}
                  marketType={marketType}
                  symbol={symbol}
                  market={market}
                  free={{ quote: freeOf(quote), base: freeOf(base) }}
                />
              ) : null}
            </section>
          </div>
          <div className={styles.side}>
            <AccountPanel
              account={account.data}
              error={accountError}
              onRetry={() => void account.refetch()}
            />
            {marketType === 'perpetual' ? (
              <PositionsPanel
                exchange={exchange}
                positions={positions}
                error={accountError}
                onRetry={() => void account.refetch()}
                onPick={(s) => params.change({ symbol: s })}
              />
            ) : null}
            <OpenOrdersPanel exchange={exchange} />
          </div>
        </div>
        <HistoryList exchange={exchange} />
      </div>
      <SymbolPicker
        visible={picking}
        markets={markets.data?.items ?? []}
        current={symbol ?? ''}
        onPick={(s) => {
          setPicking(false);
          params.change({ symbol: s });
        }}
        onClose={() => setPicking(false)}
      />
    </PageLayout>
  );
}
