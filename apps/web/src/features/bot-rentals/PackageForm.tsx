import {
  Languages,
  localizedFormValue,
  MarketTypes,
  type TAdminBotPackage,
  type TBotPackageInput,
  type TLanguage,
  TradingExchanges,
  ZBotPackageInput,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Selector from 'antd-mobile/es/components/selector';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { useCurrencies } from '../admin/admin.api';
import { invalidLanguages, LanguageTabs } from '../admin/content/LanguageTabs';
import { FormActions } from '../admin/FormActions';
import { SelectorField } from '../admin/SelectorField';
import { adminPackagesApi, rentalKeys } from './bot-rentals.api';
import styles from './PackageForm.module.css';

// The form keeps every field as text (the numbers too); it is checked as the request it becomes.
const ZPackageFields = z.object({
  /** The name per language: English is the package's `name`, the others its `nameTranslations`. */
  names: z.object(
    Object.fromEntries(Languages.map((l) => [l, z.string()])) as Record<TLanguage, z.ZodString>,
  ),
  price: z.string(),
  currency: z.string(),
  durationDays: z.string().regex(/^\d{1,4}$/, 'BOT_PACKAGE_DURATION_INVALID'),
  capitalLimit: z.string(),
  topUpUnit: z.string().trim(),
  topUpUnitPrice: z.string().trim(),
  exchanges: z.array(z.enum(TradingExchanges)),
  marketTypes: z.array(z.enum(MarketTypes)),
  onSale: z.boolean(),
  sort: z.string().regex(/^-?\d{1,4}$/, 'VALIDATION_FAILED'),
});

function inputOf({ names, ...v }: z.infer<typeof ZPackageFields>): TBotPackageInput {
  return {
    ...v,
    name: names['en-US'],
    // Only the languages written: members of another see the English name.
    nameTranslations: Object.fromEntries(
      Languages.filter((l) => l !== 'en-US' && names[l].trim()).map((l) => [l, names[l]]),
    ),
    durationDays: Number(v.durationDays),
    sort: Number(v.sort),
    topUpUnit: v.topUpUnit === '' ? null : v.topUpUnit,
    topUpUnitPrice: v.topUpUnitPrice === '' ? null : v.topUpUnitPrice,
  };
}

/** Where the request's name fields are in the form: `name` is English's tab, `nameTranslations.de` German's. */
const formPath = (path: PropertyKey[]): PropertyKey[] =>
  path[0] === 'name'
    ? ['names', 'en-US']
    : path[0] === 'nameTranslations'
      ? ['names', ...path.slice(1)]
      : path;

const ZPackageForm = ZPackageFields.superRefine((v, ctx) => {
  const checked = ZBotPackageInput.safeParse(inputOf(v));
  if (checked.success) return;
  for (const issue of checked.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: formPath(issue.path) });
});
type PackageValues = z.infer<typeof ZPackageFields>;

const fieldNames = [
  'names',
  'price',
  'currency',
  'durationDays',
  'capitalLimit',
  'topUpUnit',
  'topUpUnitPrice',
  'exchanges',
  'marketTypes',
  'sort',
];
const amountPlaces = (field: 'price') =>
  ({
    AMOUNT_INVALID: field,
    AMOUNT_TOO_PRECISE: field,
    AMOUNT_NOT_POSITIVE: field,
    AMOUNT_TOO_LARGE: field,
  }) as const;
const places: ErrorPlaces<PackageValues> = {
  ...amountPlaces('price'),
  CURRENCY_UNKNOWN: 'currency',
  BOT_PACKAGE_IN_USE: 'currency',
  BOT_PACKAGE_NOT_FOUND: 'root',
};

function valuesOf(pkg: TAdminBotPackage | null): PackageValues {
  return {
    names: localizedFormValue(pkg ? { ...pkg.nameTranslations, 'en-US': pkg.name } : null),
    price: pkg?.price ?? '',
    currency: pkg?.currency ?? 'USDT',
    durationDays: String(pkg?.durationDays ?? 30),
    capitalLimit: pkg?.capitalLimit ?? '',
    topUpUnit: pkg?.topUpUnit ?? '',
    topUpUnitPrice: pkg?.topUpUnitPrice ?? '',
    exchanges: pkg?.exchanges ?? ['binance', 'bybit', 'gate'],
    marketTypes: pkg?.marketTypes ?? ['spot'],
    onSale: pkg?.onSale ?? true,
    sort: String(pkg?.sort ?? 0),
  };
}

/** A bot package's definition, new or changed; amounts in the package's currency. */
export function PackageForm({
  pkg,
  onDone,
  onCancel,
}: {
  pkg: TAdminBotPackage | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const currencies = (useCurrencies().data ?? []).filter((c) => c.kind === 'stable');
  const form = useForm<PackageValues>({
    resolver: zodResolver(ZPackageForm),
    defaultValues: valuesOf(pkg),
  });
  const save = useMutation({
    mutationFn: (input: TBotPackageInput) =>
      pkg
        ? adminPackagesApi.update(pkg.id, input, handledBy(places))
        : adminPackagesApi.create(input, handledBy(places)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rentalKeys.all });
      onDone();
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });
  const text = (
    name: 'price' | 'capitalLimit' | 'topUpUnit' | 'topUpUnitPrice' | 'durationDays' | 'sort',
    decimal = true,
  ) => (
    <FormField
      control={form.control}
      name={name}
      label={t(`rentals.admin.packages.fields.${name}`)}
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
    />
  );
  return (
    <form
      noValidate
      aria-label={t(pkg ? 'rentals.admin.packages.edit' : 'rentals.admin.packages.create')}
      onSubmit={form.handleSubmit((values) => save.mutate(inputOf(values)))}
    >
      <LanguageTabs
        invalid={invalidLanguages(form.formState.errors, ['names'])}
        submitCount={form.formState.submitCount}
      >
        {(lang) => (
          <FormField
            control={form.control}
            name={`names.${lang}`}
            label={t('rentals.admin.packages.fields.name')}
            maxLength={60}
            autoComplete="off"
          />
        )}
      </LanguageTabs>
      <div className={styles.row}>
        {text('price')}
        <SelectorField
          control={form.control}
          name="currency"
          label={t('rentals.admin.packages.fields.currency')}
          options={currencies.map((c) => ({ value: c.code, label: c.code }))}
        />
      </div>
      <div className={styles.row}>
        {text('durationDays', false)}
        {text('capitalLimit')}
      </div>
      <div className={styles.row}>
        {text('topUpUnit')}
        {text('topUpUnitPrice')}
      </div>
      <FormField
        control={form.control}
        name="exchanges"
        label={t('rentals.admin.packages.fields.exchanges')}
        render={(field) => (
          <Selector
            multiple
            showCheckMark={false}
            options={TradingExchanges.map((e) => ({ value: e, label: t(`rentals.exchanges.${e}`) }))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <FormField
        control={form.control}
        name="marketTypes"
        label={t('rentals.admin.packages.fields.marketTypes')}
        render={(field) => (
          <Selector
            multiple
            showCheckMark={false}
            options={MarketTypes.map((m) => ({ value: m, label: t(`rentals.markets.${m}`) }))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <div className={styles.row}>
        {text('sort', false)}
        <FormField
          control={form.control}
          name="onSale"
          label={t('rentals.admin.packages.fields.onSale')}
          render={(field) => (
            <Checkbox checked={field.value} onChange={field.onChange}>
              {t('rentals.admin.packages.onSale')}
            </Checkbox>
          )}
        />
      </div>
      <FormAlert code={form.formState.errors.root?.server?.message} />
      <FormActions
        submitText={t('rentals.admin.packages.save')}
        pending={save.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
