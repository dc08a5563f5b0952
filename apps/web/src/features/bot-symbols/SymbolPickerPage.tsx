import type { TBotRental, TBotSymbolMarket, TMarketType, TTradingExchange } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Selector from 'antd-mobile/es/components/selector';
import Tag from 'antd-mobile/es/components/tag';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { answerAmount } from '../../shared/amounts';
import { Notice } from '../../shared/Notice';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { rentalKeys, rentalsApi } from '../bot-rentals/bot-rentals.api';
import { RentalPaths } from '../bot-rentals/rental-paths';
import { BotPaths } from '../bots/bot-paths';
import { changeText, priceText, trendOf } from '../markets/market-format';
import { Segmented } from '../trading/Segmented';
import styles from './BotSymbols.module.css';
import { botConfigLink } from './bot-prefill';
import { botSymbolsApi, symbolKeys } from './bot-symbols.api';
import { SymbolNav } from './SymbolNav';
import { SymbolPaths } from './symbol-paths';

interface Choice {
  rentalId: string;
  exchange: TTradingExchange;
  marketType: TMarketType;
}

/** The paper exchange first, as on the bot form: it needs no key. */
const firstChoice = (r: TBotRental): Choice => ({
  rentalId: r.id,
  exchange: r.exchanges.includes('paper') ? 'paper' : (r.exchanges[0] ?? 'paper'),
  marketType: r.marketTypes[0] ?? 'spot',
});

/**
 * /pages/personal/symbolv2, the symbol picker: every market of the chosen rental's exchange and market type,
 * searchable, with the member's bot on it marked. Picking a free market opens the bot form with it filled in;
 * one that has a bot leads to that bot's symbol page.
 */
export default function SymbolPickerPage() {
  const { t, i18n } = useTranslation();
  const rentals = useQuery({ queryKey: rentalKeys.mine, queryFn: ({ signal }) => rentalsApi.mine(signal) });
  const active = (rentals.data?.items ?? []).filter((r) => r.active);
  const [picked, setPicked] = useState<Choice | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const rental = active.find((r) => r.id === picked?.rentalId) ?? active[0];
  const choice = rental && picked?.rentalId === rental.id ? picked : rental ? firstChoice(rental) : null;

  if (rentals.data && !rental) {
    return (
      <PageLayout title={t('botSymbols.title.picker')} backTo={BotPaths.list}>
        <SymbolNav current="picker" />
        <Notice>
          {t('bots.config.noRental')} <Link to={RentalPaths.packages}>{t('bots.config.rentOne')}</Link>
        </Notice>
      </PageLayout>
    );
  }

  const renderMarket = (m: TBotSymbolMarket) => {
    const to = m.bot
      ? choice?.marketType === 'perpetual'
        ? SymbolPaths.perpetual
        : SymbolPaths.spot
      : botConfigLink({ ...choice!, symbol: m.symbol });
    return (
      <Link to={to} className={styles.market} data-testid={`market-${m.symbol}`}>
        <span className={styles.pair}>
          <strong>{m.base}</strong>
          <small>
            /{m.quote}
            {m.maxLeverage ? ` · ${t('botSymbols.upTo', { leverage: m.maxLeverage })}` : ''}
          </small>
        </span>
        <span className={styles.quote}>
          {m.lastPrice ? priceText(m.lastPrice, i18n.language) : '—'}
          {m.change24hPercent && (
            <small className={styles[trendOf(m.change24hPercent)]}>
              {changeText(m.change24hPercent, i18n.language)}
            </small>
          )}
        </span>
        <span className={styles.pick}>
          {m.bot ? (
            <Tag color="primary" fill="outline" data-testid="market-has-bot">
              {t('botSymbols.hasBot', { status: t(`bots.status.${m.bot.status}`) })}
            </Tag>
          ) : (
            <span className={styles.start}>{t('botSymbols.start')}</span>
          )}
          <RightOutline aria-hidden="true" />
        </span>
      </Link>
    );
  };

  const controls = rental && choice && (
    <>
      <SymbolNav current="picker" />
      <section className={styles.controls}>
        {active.length > 1 && (
          <>
            <span className={styles.label}>{t('bots.config.rental')}</span>
            <Selector
              columns={1}
              value={[rental.id]}
              options={active.map((r) => ({
                label: `${r.packageName} · ${answerAmount(r.capitalLimit)} ${r.currency}`,
                value: r.id,
              }))}
              onChange={(v) => {
                const next = active.find((r) => r.id === v[0]);
                if (next) setPicked(firstChoice(next));
              }}
            />
          </>
        )}
        <span className={styles.label}>{t('bots.config.exchange')}</span>
        <Selector
          columns={4}
          value={[choice.exchange]}
          options={rental.exchanges.map((e) => ({ label: t(`bots.exchanges.${e}`), value: e }))}
          onChange={(v) => v[0] && setPicked({ ...choice, exchange: v[0] })}
        />
        <Segmented<TMarketType>
          name="picker-market-type"
          label={t('bots.config.marketType')}
          value={choice.marketType}
          options={rental.marketTypes.map((m) => ({ value: m, label: t(`bots.marketTypes.${m}`) }))}
          onChange={(marketType) => setPicked({ ...choice, marketType })}
        />
        <SearchBar
          placeholder={t('botSymbols.search')}
          value={search}
          onChange={setSearch}
          aria-label={t('botSymbols.search')}
        />
      </section>
    </>
  );

  return (
    <PageLayout title={t('botSymbols.title.picker')} backTo={BotPaths.list} padded={false}>
      {controls}
      {choice ? (
        <PagedList<TBotSymbolMarket>
          // A new key per choice and search: the list starts again from its first page. The controls stay
          // outside it, so typing keeps the search field (and its focus) as it is.
          key={`${choice.rentalId}:${choice.exchange}:${choice.marketType}:${q}`}
          queryKey={symbolKeys.markets({ ...choice, q })}
          fetchPage={(page, pageSize) => botSymbolsApi.markets({ ...choice, q }, page, pageSize)}
          itemKey={(m) => m.symbol}
          renderItem={renderMarket}
        />
      ) : null}
    </PageLayout>
  );
}
