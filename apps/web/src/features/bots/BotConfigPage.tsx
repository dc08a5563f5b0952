import type { TCreateBotRequest, TMarketType } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Toast from 'antd-mobile/es/components/toast';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../app/api-error';
import { errorText } from '../../app/error-text';
import { answerAmount } from '../../shared/amounts';
import { Notice } from '../../shared/Notice';
import { PageLayout } from '../../shared/PageLayout';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { rentalKeys, rentalsApi } from '../bot-rentals/bot-rentals.api';
import { RentalPaths } from '../bot-rentals/rental-paths';
import { prefillOf } from '../bot-symbols/bot-prefill';
import { useMarketList } from '../markets/markets.queries';
import { Segmented } from '../trading/Segmented';
import { BasketPreview } from './BasketPreview';
import styles from './BotConfigPage.module.css';
import { type BotDraft, initialDraft, requestOf } from './bot-draft';
import { BotPaths } from './bot-paths';
import { botKeys, botsApi } from './bots.api';
import { QUOTE } from './display';
import { PreviewTable } from './PreviewTable';

type TextField = {
  [K in keyof BotDraft]: BotDraft[K] extends string ? (string extends BotDraft[K] ? K : never) : never;
}[keyof BotDraft];

/** /pages/trade/Bot: configure a DCA bot on one market, with the ladder it would place shown as you type. */
export default function BotConfigPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rentals = useQuery({ queryKey: rentalKeys.mine, queryFn: ({ signal }) => rentalsApi.mine(signal) });
  const active = (rentals.data?.items ?? []).filter((r) => r.active);
  const [search] = useSearchParams();
  // A market picked on the symbol picker (symbolv2) arrives in the link.
  const [draft, setDraft] = useState<BotDraft>(() => ({ ...initialDraft, ...prefillOf(search) }));
  const set = <K extends keyof BotDraft>(key: K, value: BotDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const rental = active.find((r) => r.id === draft.rentalId);
  // checkaio: the same settings over a basket of symbols, one bot each; the ladder shows the first one, the
  // basket preview each symbol's capital and whether it fits.
  const [basket, setBasket] = useState<string[] | null>(null);
  const listed = useMarketList({ type: draft.marketType, q: '', favourites: false });

  useEffect(() => {
    const first = active[0];
    if (!rental && first) {
      // The paper exchange first: it needs no key, and a new bot is best tried there.
      const exchange = first.exchanges.includes('paper') ? 'paper' : (first.exchanges[0] ?? 'paper');
      // A market type the rental allows, and the symbol written for it (BTC/USDT on spot, BTC/USDT:USDT on
      // perpetuals); a prefilled one the rental allows is kept.
      setDraft((d) => {
        const marketType = first.marketTypes.includes(d.marketType)
          ? d.marketType
          : (first.marketTypes[0] ?? 'spot');
        const base = d.symbol.split(':')[0]!;
        return {
          ...d,
          rentalId: first.id,
          exchange,
          marketType,
          symbol: marketType === 'perpetual' ? `${base}:USDT` : base,
        };
      });
    }
  }, [rental, active]);

  const checked = requestOf(draft);
  const settled = useDebouncedValue(checked.ok ? checked.request : null, 400);
  const preview = useQuery({
    queryKey: botKeys.preview(settled),
    queryFn: ({ signal }) => botsApi.preview(settled!, signal),
    enabled: settled !== null,
    retry: false,
  });
  const groupRequest = (request: TCreateBotRequest, symbols: string[]) => {
    const { symbol: _, ...settings } = request;
    return { ...settings, symbols };
  };
  const settledBasket = useDebouncedValue(
    checked.ok && basket !== null && basket.length >= 2 ? groupRequest(checked.request, basket) : null,
    400,
  );
  const basketPreview = useQuery({
    queryKey: botKeys.basketPreview(settledBasket),
    queryFn: ({ signal }) => botsApi.previewGroup(settledBasket!, signal),
    enabled: settledBasket !== null,
    retry: false,
  });
  const create = useMutation({
    mutationFn: async () => {
      if (!checked.ok) throw new ApiError(400, checked.code);
      if (basket === null) return botsApi.create(checked.request);
      return botsApi.createGroup(groupRequest(checked.request, basket));
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: botKeys.all });
      Toast.show({ icon: 'success', content: t('bots.config.created') });
      navigate(BotPaths.list);
    },
  });

  if (rentals.data && active.length === 0) {
    return (
      <PageLayout title={t('bots.config.title')}>
        <Notice>
          {t('bots.config.noRental')} <Link to={RentalPaths.packages}>{t('bots.config.rentOne')}</Link>
        </Notice>
      </PageLayout>
    );
  }

  const perpetual = draft.marketType === 'perpetual';
  const field = (name: TextField, label: string, suffix?: string) => (
    <div className={styles.field} key={name}>
      <label className={styles.label} htmlFor={`bot-${name}`}>
        {label}
      </label>
      <span className={styles.input}>
        <Input
          id={`bot-${name}`}
          value={draft[name]}
          onChange={(v) => set(name, v)}
          inputMode="decimal"
          data-testid={`bot-${name}`}
        />
        {suffix && <span className={styles.suffix}>{suffix}</span>}
      </span>
    </div>
  );
  const refusal = (error: unknown) =>
    error instanceof ApiError ? errorText(error.fields[0]?.code ?? error.code) : null;
  const problem = !checked.ok
    ? errorText(checked.code)
    : (refusal(preview.error) ?? (basket === null ? null : refusal(basketPreview.error)));

  return (
    <PageLayout title={t('bots.config.title')} backTo={BotPaths.list}>
      <div className={styles.form}>
        <section className={styles.card}>
          <h3>{t('bots.config.market')}</h3>
          <span className={styles.label}>{t('bots.config.rental')}</span>
          <Selector
            columns={1}
            value={draft.rentalId ? [draft.rentalId] : []}
            options={active.map((r) => ({
              label: `${r.packageName} · ${answerAmount(r.capitalLimit)} ${r.currency}`,
              value: r.id,
            }))}
            onChange={(v) => v[0] && set('rentalId', v[0])}
          />
          <span className={styles.label}>{t('bots.config.exchange')}</span>
          <Selector
            columns={2}
            value={[draft.exchange]}
            options={(rental?.exchanges ?? ['paper']).map((e) => ({
              label: t(`bots.exchanges.${e}`),
              value: e,
            }))}
            onChange={(v) => v[0] && set('exchange', v[0])}
          />
          <Segmented<TMarketType>
            name="marketType"
            label={t('bots.config.marketType')}
            value={draft.marketType}
            options={(rental?.marketTypes ?? ['spot']).map((m) => ({
              value: m,
              label: t(`bots.marketTypes.${m}`),
            }))}
            onChange={(m) => {
              if (basket) setBasket([]);
              setDraft((d) => ({
                ...d,
                marketType: m,
                symbol: m === 'perpetual' ? `${d.symbol.split(':')[0]}:USDT` : d.symbol.split(':')[0]!,
              }));
            }}
          />
          <Segmented
            name="aio"
            label={t('bots.aio.mode')}
            value={basket === null ? 'one' : 'basket'}
            options={[
              { value: 'one', label: t('bots.aio.one') },
              { value: 'basket', label: t('bots.aio.basket') },
            ]}
            onChange={(v) => setBasket(v === 'one' ? null : [])}
          />
          {basket === null ? (
            field('symbol', t('bots.config.symbol'))
          ) : (
            <div data-testid="bot-basket">
              <span className={styles.label}>{t('bots.aio.symbols', { count: basket.length })}</span>
              <Selector
                multiple
                columns={2}
                value={basket}
                options={(listed.data?.items ?? []).map((m) => ({ label: m.symbol, value: m.symbol }))}
                onChange={(v) => {
                  setBasket(v);
                  if (v[0]) set('symbol', v[0]);
                }}
              />
              <p className={styles.hint}>{t('bots.aio.hint')}</p>
            </div>
          )}
          {perpetual && (
            <Segmented
              name="direction"
              label={t('bots.config.direction')}
              value={draft.direction}
              options={[
                { value: 'long', label: t('bots.direction.long'), tone: 'buy' },
                { value: 'short', label: t('bots.direction.short'), tone: 'sell' },
              ]}
              onChange={(v) => set('direction', v)}
            />
          )}
          {perpetual && field('leverage', t('bots.config.leverage'), 'x')}
          {perpetual && (
            <Segmented
              name="marginMode"
              label={t('bots.config.marginMode')}
              value={draft.marginMode}
              options={[
                { value: 'isolated', label: t('bots.marginMode.isolated') },
                { value: 'cross', label: t('bots.marginMode.cross') },
              ]}
              onChange={(v) => set('marginMode', v)}
            />
          )}
        </section>
        <section className={styles.card}>
          <h3>{t('bots.config.orders')}</h3>
          <Segmented
            name="orderType"
            label={t('bots.config.orderType')}
            value={draft.orderType}
            options={[
              { value: 'market', label: t('bots.orderType.market') },
              { value: 'limit', label: t('bots.orderType.limit') },
            ]}
            onChange={(v) => set('orderType', v)}
          />
          {field('baseOrder', t('bots.config.baseOrder'), QUOTE)}
          {field('safetyOrder', t('bots.config.safetyOrder'), QUOTE)}
          {field('safetyOrderCount', t('bots.config.safetyOrderCount'))}
          {field('priceDeviation', t('bots.config.priceDeviation'), '%')}
          {field('volumeScale', t('bots.config.volumeScale'), 'x')}
          {field('stepScale', t('bots.config.stepScale'), 'x')}
        </section>
        <section className={styles.card}>
          <h3>{t('bots.config.exits')}</h3>
          {field('takeProfit', t('bots.config.takeProfit'), '%')}
          {field('trailingDeviation', t('bots.config.trailingDeviation'), '%')}
          {field('stopLoss', t('bots.config.stopLoss'), '%')}
          {field('cooldownSeconds', t('bots.config.cooldown'), t('bots.config.seconds'))}
        </section>
        {problem && (
          <p className={styles.error} role="alert" data-testid="bot-form-error">
            {problem}
          </p>
        )}
        {checked.ok && preview.data && <PreviewTable preview={preview.data} perpetual={perpetual} />}
        {checked.ok && basket !== null && basket.length >= 2 && basketPreview.data && (
          <BasketPreview preview={basketPreview.data} perpetual={perpetual} />
        )}
        {create.error instanceof ApiError && (
          <p className={styles.error} role="alert">
            {errorText(create.error.code)}
          </p>
        )}
        <Button
          block
          color="primary"
          className={styles.submit}
          loading={create.isPending}
          disabled={
            !checked.ok ||
            !preview.data ||
            preview.data.problem !== null ||
            (basket !== null &&
              (basket.length < 2 || !basketPreview.data || basketPreview.data.problem !== null))
          }
          onClick={() => create.mutate()}
          data-testid="bot-create"
        >
          {basket === null ? t('bots.config.start') : t('bots.aio.start', { count: basket.length })}
        </Button>
      </div>
    </PageLayout>
  );
}
