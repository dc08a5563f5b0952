import { z } from 'zod';
import { ZPageQuery, zPage } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  ZAirdropRequest,
  ZBindAddressRequest,
  ZDeposit,
  ZDepositInfo,
  ZExchangePairs,
  ZExchangeQuote,
  ZExchangeQuoteRequest,
  ZExchangeReceipt,
  ZExchangeRequest,
  ZReceipt,
  ZRecipient,
  ZRecipientQuery,
  ZTransferRequest,
  ZTransferRules,
  ZWalletOverview,
  ZWalletRecord,
  ZWalletRecordsQuery,
  ZWithdrawal,
  ZWithdrawalAddress,
  ZWithdrawalAddresses,
  ZWithdrawalOptions,
  ZWithdrawalsQuery,
  ZWithdrawRequest,
} from '../wallet';

const ZIdParams = z.object({ id: z.uuid() });

/** The operations registered by apps/api/src/modules/wallet/wallet.routes.ts. */
export const WalletEndpoints = {
  wallet: defineEndpoint({ method: 'GET', path: '/api/wallet', response: ZWalletOverview }),
  walletRecords: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/records',
    query: ZWalletRecordsQuery,
    response: zPage(ZWalletRecord),
  }),
  recipient: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/recipient',
    query: ZRecipientQuery,
    response: ZRecipient,
  }),
  transferRules: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/transfer-rules',
    response: ZTransferRules,
  }),
  transfer: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/transfer',
    body: ZTransferRequest,
    response: ZReceipt,
  }),
  airdrop: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/airdrop',
    body: ZAirdropRequest,
    response: ZReceipt,
  }),
  exchangePairs: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/exchange/pairs',
    response: ZExchangePairs,
  }),
  exchangeQuote: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/exchange/quote',
    body: ZExchangeQuoteRequest,
    response: ZExchangeQuote,
  }),
  exchange: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/exchange',
    body: ZExchangeRequest,
    response: ZExchangeReceipt,
  }),
  withdrawAddresses: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/withdraw-addresses',
    response: ZWithdrawalAddresses,
  }),
  postWithdrawAddresses: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/withdraw-addresses',
    body: ZBindAddressRequest,
    response: ZWithdrawalAddress,
  }),
  withdrawOptions: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/withdrawals/options',
    response: ZWithdrawalOptions,
  }),
  withdrawals: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/withdrawals',
    query: ZWithdrawalsQuery,
    response: zPage(ZWithdrawal),
  }),
  postWithdrawals: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/withdrawals',
    body: ZWithdrawRequest,
    response: ZWithdrawal,
  }),
  withdrawalCancel: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/withdrawals/:id/cancel',
    params: ZIdParams,
    response: ZWithdrawal,
  }),
  depositInfo: defineEndpoint({ method: 'GET', path: '/api/wallet/deposits/info', response: ZDepositInfo }),
  deposits: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/deposits',
    query: ZPageQuery,
    response: zPage(ZDeposit),
  }),
};
