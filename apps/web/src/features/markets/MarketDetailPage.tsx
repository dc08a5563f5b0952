import {
  CandleIntervalMs,
  CandleIntervals,
  type TCandle,
  type TCandleInterval,
  type TCandles,
} from '@app/contracts';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../app/api-error';
import { dateTimeFormat } from '../../shared/format';
import { PageLayout } from '../../shared/PageLayout';
import { tradePath } from '../trading/trading-paths';
import { CandleChart } from './CandleChart';
import { useLiveTickers, withLive } from './live-tickers';
import styles from './MarketDetailPage.module.css';
import { MarketState } from './MarketState';
import { applyTick, changeText, fundingText, priceText, trendOf, volumeText } from './market-format';
import { symbolHandled } from './markets.api';
import { useCandles, useFundingRate, useMarketList, useToggleFavourite } from './markets.queries';
import { MarketPaths, pairOf, typeOfSymbol } from './markets-paths';

/** The newest candle as live prices move it, tied to the candles it grew from (a new load starts over). */
interface LiveCandle {
  from: TCandles;
  candle: TCandle;
}

/**
 * One symbol: its price and 24 h change, a candlestick chart with intervals, the funding rate on
 * perpetuals, and the favourite star. Prices and the chart's newest candle follow the live stream.
 */
export default function MarketDetailPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const type = typeOfSymbol(symbol);
  const [interval, setChartInterval] = useState<TCandleInterval>('15m');
  const candles = useCandles(symbol, interval);
  const list = useMarketList({ type, q: '', favourites: false });
  const funding = useFundingRate(symbol, type === 'perpetual');
  const toggle = useToggleFavourite();
  const live = useLiveTickers();
  const [liveCandle, setLiveCandle] = useState<LiveCandle | null>(null);

  const listed = list.data?.items.find((row) => row.symbol === symbol);
  const row = listed ? withLive(listed, live) : undefined;
  const ticker = live.bySymbol.get(symbol);

  useEffect(() => {
    const loaded = candles.data;
    const last = loaded?.items.at(-1);
    if (!loaded || !last || !ticker || live.at === null) return;
    const at = live.at;
    setLiveCandle((previous) => {
      const base = previous?.from === loaded ? previous.candle : last;
      return { from: loaded, candle: applyTick(base, ticker.last, at, CandleIntervalMs[loaded.interval]) };
    });
  }, [candles.data, ticker, live.at]);

  const unknown =
    symbol === '' ||
    (candles.error instanceof ApiError && symbolHandled.includes(candles.error.code)) ||
    (list.data !== undefined && !listed);

  const favourite = row?.favourite ?? false;
  const star = row ? (
    <button
      type="button"
      className={styles.star}
      aria-pressed={favourite}
      aria-label={favourite ? t('markets.removeFavourite') : t('markets.addFavourite')}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ symbol, favourite: !favourite })}
    >
      {favourite ? <StarFill /> : <StarOutline />}
    </button>
  ) : null;

  return (
    <PageLayout
      title={pairOf(symbol) || t('markets.title')}
      backTo={MarketPaths.list}
      right={star}
      padded={false}
    >
      {unknown ? (
        <MarketState>
          <span>{t('errors.EXCHANGE_SYMBOL_UNKNOWN')}</span>
          <Link to={MarketPaths.list}>{t('markets.allMarkets')}</Link>
        </MarketState>
      ) : (
        <div className={styles.layout}>
          <section className={styles.summary} aria-label={t('markets.summary')}>
            <div>
              <span className={styles.type}>
                {t(type === 'perpetual' ? 'markets.perpetual' : 'markets.spot')}
              </span>
              {row ? (
                <>
                  <p
                    className={`${styles.price} ${styles[trendOf(row.change24hPercent)]}`}
                    data-testid="detail-last"
                  >
                    {priceText(row.last, locale)}
                  </p>
                  <p className={`${styles.change} ${styles[trendOf(row.change24hPercent)]}`}>
                    {changeText(row.change24hPercent, locale)}
                  </p>
                  <Link className={styles.trade} to={tradePath({ symbol })}>
                    {t('trading.title')}
                  </Link>
                </>
              ) : null}
            </div>
            {row ? (
              <dl className={styles.facts}>
                <div>
                  <dt>{t('markets.volume24h')}</dt>
                  <dd>{volumeText(row.quoteVolume24h, locale)}</dd>
                </div>
                {type === 'perpetual' && funding.data ? (
                  <>
                    <div>
                      <dt>{t('markets.fundingRate')}</dt>
                      <dd data-testid="funding-rate">{fundingText(funding.data.rate, locale)}</dd>
                    </div>
                    <div>
                      <dt>{t('markets.nextFunding')}</dt>
                      <dd>
                        {funding.data.nextFundingAt
                          ? dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
                              new Date(funding.data.nextFundingAt),
                            )
                          : '–'}
                      </dd>
                    </div>
                  </>
                ) : null}
              </dl>
            ) : null}
          </section>
          <section className={styles.chartCard} aria-label={t('markets.chart', { symbol: pairOf(symbol) })}>
            <fieldset className={styles.intervals} aria-label={t('markets.interval')}>
              {CandleIntervals.map((option) => (
                <button
                  key={option}
                  type="button"
                  className={
                    option === interval ? `${styles.interval} ${styles.intervalOn}` : styles.interval
                  }
                  aria-pressed={option === interval}
                  onClick={() => setChartInterval(option)}
                >
                  {t(`markets.intervals.${option}`)}
                </button>
              ))}
            </fieldset>
            {candles.data ? (
              <CandleChart
                candles={candles.data.items}
                live={liveCandle?.from === candles.data ? liveCandle.candle : null}
                label={t('markets.chart', { symbol: pairOf(symbol) })}
              />
            ) : (
              <MarketState failed={candles.isError} onRetry={() => void candles.refetch()} />
            )}
          </section>
        </div>
      )}
    </PageLayout>
  );
}
