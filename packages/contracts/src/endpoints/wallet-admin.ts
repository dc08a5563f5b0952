import { z } from 'zod';
import { ZAdminApproval, ZAdminApprovalsQuery, ZApprovalPending, ZRejectApproval } from '../approvals';
import { ZOk, zPage, zSerialId } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  ZAdjustBalance,
  ZAdminWithdrawal,
  ZAdminWithdrawalsQuery,
  ZApproveWithdrawal,
  ZAuditEntry,
  ZAuditQuery,
  ZBulkAirdrop,
  ZBulkAirdropResult,
  ZDeposit,
  ZExchangePairs,
  ZManualDeposit,
  ZMarkWithdrawalPaid,
  ZReceipt,
  ZRejectWithdrawal,
  ZSetPrice,
  ZSetTransferRule,
  ZTransferRules,
  ZUpdateExchangePair,
  ZWithdrawal,
} from '../wallet';

const ZUuidParams = z.object({ id: z.uuid() });
const ZPairParams = z.object({ id: zSerialId() });

/** The operations registered by apps/api/src/modules/wallet/wallet-admin.routes.ts. */
export const WalletAdminEndpoints = {
  adminWithdrawals: defineEndpoint({
    method: 'GET',
    path: '/api/admin/withdrawals',
    query: ZAdminWithdrawalsQuery,
    response: zPage(ZAdminWithdrawal),
  }),
  adminWithdrawalApprove: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/approve',
    params: ZUuidParams,
    body: ZApproveWithdrawal,
    response: ZWithdrawal,
  }),
  adminWithdrawalPaid: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/paid',
    params: ZUuidParams,
    body: ZMarkWithdrawalPaid,
    response: ZWithdrawal,
  }),
  adminWithdrawalReject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/reject',
    params: ZUuidParams,
    body: ZRejectWithdrawal,
    response: ZWithdrawal,
  }),
  adminAdjust: defineEndpoint({
    method: 'POST',
    path: '/api/admin/balances/adjust',
    body: ZAdjustBalance,
    response: { 200: ZReceipt, 202: ZApprovalPending },
  }),
  adminDeposit: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deposits',
    body: ZManualDeposit,
    response: { 200: ZDeposit, 202: ZApprovalPending },
  }),
  adminApprovals: defineEndpoint({
    method: 'GET',
    path: '/api/admin/approvals',
    query: ZAdminApprovalsQuery,
    response: zPage(ZAdminApproval),
  }),
  adminApprovalApprove: defineEndpoint({
    method: 'POST',
    path: '/api/admin/approvals/:id/approve',
    params: ZUuidParams,
    response: ZAdminApproval,
  }),
  adminApprovalReject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/approvals/:id/reject',
    params: ZUuidParams,
    body: ZRejectApproval,
    response: ZAdminApproval,
  }),
  adminAirdrop: defineEndpoint({
    method: 'POST',
    path: '/api/admin/airdrops',
    body: ZBulkAirdrop,
    response: ZBulkAirdropResult,
  }),
  adminTransferRules: defineEndpoint({
    method: 'GET',
    path: '/api/admin/transfer-rules',
    response: ZTransferRules,
  }),
  putAdminTransferRules: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/transfer-rules',
    body: ZSetTransferRule,
    response: ZOk,
  }),
  adminExchangePairs: defineEndpoint({
    method: 'GET',
    path: '/api/admin/exchange-pairs',
    response: ZExchangePairs,
  }),
  adminExchangePair: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/exchange-pairs/:id',
    params: ZPairParams,
    body: ZUpdateExchangePair,
    response: ZOk,
  }),
  adminPrices: defineEndpoint({ method: 'PUT', path: '/api/admin/prices', body: ZSetPrice, response: ZOk }),
  adminAudit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    query: ZAuditQuery,
    response: zPage(ZAuditEntry),
  }),
};
