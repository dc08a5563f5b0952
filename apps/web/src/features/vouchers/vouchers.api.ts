import {
  type TAdminVouchersQuery,
  type TIssueVouchers,
  type TVoucherState,
  VouchersEndpoints,
} from '@app/contracts';
import { api } from '../../app/api';

/** Everything under `vouchers` is refreshed at once after a purchase uses one. */
export const voucherKeys = {
  all: ['vouchers'] as const,
  list: (state: TVoucherState) => ['vouchers', 'list', state] as const,
  admin: (filter: Omit<TAdminVouchersQuery, 'page' | 'pageSize'>) => ['vouchers', 'admin', filter] as const,
};

export const vouchersApi = {
  list: (state: TVoucherState, page: number, pageSize: number, signal?: AbortSignal) =>
    api.call(VouchersEndpoints.vouchers, { query: { state, page, pageSize }, signal }),
  adminList: (query: TAdminVouchersQuery, signal?: AbortSignal) =>
    api.call(VouchersEndpoints.adminVouchers, { query, signal }),
  issue: (body: TIssueVouchers, handled: readonly string[]) =>
    api.call(VouchersEndpoints.postAdminVouchers, { body, handled }),
};
