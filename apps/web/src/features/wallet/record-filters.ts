import { ZCurrencyCode, ZRecordKind, ZWallet } from '@app/contracts';
import type { RecordFilters } from './wallet.api';

/** The records filters a link asks for (`?currency=USDT&wallet=funds&kind=transfer`); unknown values are dropped. */
export function filtersFrom(params: URLSearchParams): RecordFilters {
  const wallet = ZWallet.safeParse(params.get('wallet')).data;
  const currency = ZCurrencyCode.safeParse(params.get('currency') ?? '').data;
  const kind = ZRecordKind.safeParse(params.get('kind')).data;
  return {
    ...(wallet ? { wallet } : {}),
    ...(currency ? { currency } : {}),
    ...(kind ? { kind } : {}),
  };
}

/** The filters as query parameters, for the address bar. */
export function paramsOf(filters: RecordFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === 'string' && v !== ''));
}
