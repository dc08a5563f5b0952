import {
  Paths,
  type TAdminVouchersQuery,
  type TIssueVouchers,
  type TVoucherState,
  ZAdminVoucher,
  ZIssueVouchersResult,
  ZVoucher,
  zPage,
} from '@app/contracts';
import { api } from '../../app/api';

const ZVoucherPage = zPage(ZVoucher);
const ZAdminVoucherPage = zPage(ZAdminVoucher);

/** Everything under `vouchers` is refreshed at once after a purchase uses one. */
export const voucherKeys = {
  all: ['vouchers'] as const,
  list: (state: TVoucherState) => ['vouchers', 'list', state] as const,
  admin: (filter: Omit<TAdminVouchersQuery, 'page' | 'pageSize'>) => ['vouchers', 'admin', filter] as const,
};

export const vouchersApi = {
  list: (state: TVoucherState, page: number, pageSize: number, signal?: AbortSignal) =>
    api.get(Paths.vouchers, ZVoucherPage, { query: { state, page, pageSize }, signal }),
  adminList: (query: TAdminVouchersQuery, signal?: AbortSignal) =>
    api.get(Paths.adminVouchers, ZAdminVoucherPage, { query, signal }),
  issue: (body: TIssueVouchers, handled: readonly string[]) =>
    api.post(Paths.adminVouchers, ZIssueVouchersResult, body, { handled }),
};
