import { sql } from 'kysely';
import type { AnyDb } from '../../../db/tables';
import { own } from '../../../db/tables';
import type { ServiceLog } from '../../../platform/module';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { ChainKeys } from '../keys';
import { broadcastTron } from '../payouts/tron-broadcast';
import {
  type SignedTronTransfer,
  signTronTransfer,
  signTrxTransfer,
  storedExpiration,
} from '../payouts/tron-sign-transfer';
import { trc20Balance } from '../tron/trc20-balance';
import type { TronApi } from '../tron/tron-api';
import { type SweepCandidate, sweepCandidates } from './sweep-candidates';
import type { SweepPassResult } from './sweeper';

/**
 * Moves TRC-20 deposits into the TRON hot wallet (decision 69), as the EVM sweeper does (decision 62): a
 * sweep is a `transfer` signed by the deposit address's own key, after the TRON gas wallet sent it the
 * TRX its energy may burn (the fee limit). Every transaction is stored in `chain_sweeps` with its signed
 * form before it is broadcast; one that expired without reaching the chain is marked failed, and the
 * address is tried again on a later pass. One pass at a time (an advisory lock).
 */
export function createTronSweeper(deps: {
  db: AnyDb;
  /** Wallet's deposit channels: the token each credited deposit is swept in. */
  wallet: Pick<WalletForChain, 'depositChannelsView'>;
  keys: Pick<ChainKeys, 'tronHotWallet' | 'tronGasWallet' | 'tronDepositSigner'>;
  api: TronApi;
  /** Sun a sweep may burn for energy; the deposit address is topped up to this. */
  feeLimit: number;
  log: ServiceLog;
}) {
  const db = own<'chain_sweeps'>(deps.db);
  const { api, keys, log } = deps;

  async function store(kind: 'gas' | 'sweep', c: SweepCandidate, signed: SignedTronTransfer, amount: bigint) {
    const rawTx = JSON.stringify(signed.tx);
    await db
      .insertInto('chain_sweeps')
      .values({
        network: 'TRC20',
        address: c.address,
        token: c.token,
        kind,
        tx_hash: signed.txId,
        amount: amount.toString(),
        raw_tx: rawTx,
      })
      .execute();
    await broadcastTron({ api, log }, rawTx);
  }

  /** Sent rows: confirmed or failed by the chain; expired and unknown → failed (tried again); else sent again. */
  async function settle(headTime: number, result: SweepPassResult) {
    const inFlight = await db
      .selectFrom('chain_sweeps')
      .select(['id', 'tx_hash', 'raw_tx'])
      .where('network', '=', 'TRC20')
      .where('status', '=', 'sent')
      .execute();
    for (const sent of inFlight) {
      const info = await api.transactionInfo(sent.tx_hash);
      let status: 'confirmed' | 'failed' | null = null;
      if (info) {
        status =
          info.result === 'FAILED' || (info.receipt.result ?? 'SUCCESS') !== 'SUCCESS'
            ? 'failed'
            : 'confirmed';
      } else if (headTime > storedExpiration(sent.raw_tx!) && !(await api.knowsTransaction(sent.tx_hash))) {
        status = 'failed';
      } else {
        // Stored but perhaps never sent (a crash), or lost by the node: the same transaction again.
        await broadcastTron({ api, log }, sent.raw_tx!);
        continue;
      }
      await db
        .updateTable('chain_sweeps')
        .set({ status, confirmed_at: new Date() })
        .where('id', '=', sent.id)
        .execute();
      if (status === 'confirmed') result.confirmed += 1;
      else result.failed += 1;
    }
  }

  async function sweepOne(c: SweepCandidate, hot: string, headTime: number, result: SweepPassResult) {
    const balance = await trc20Balance(api, c.token, c.address);
    if (balance === 0n) return;
    const signer = keys.tronDepositSigner(c.index);
    if (!signer || signer.address !== c.address) {
      log.error({ address: c.address }, 'TRON sweeper: no key for a deposit address (watch-only keys?)');
      return;
    }
    const gasWallet = keys.tronGasWallet;
    if (!gasWallet) return;
    const need = BigInt(deps.feeLimit);
    const trx = await api.trxBalance(signer.hexAddress);
    if (trx < need) {
      const topUp = need - trx;
      const signed = await signTrxTransfer(
        { api, signer: gasWallet },
        { to: c.address, amount: topUp, headTime },
      );
      await store('gas', c, signed, topUp);
      result.gasSent += 1;
      return; // swept on a later pass, once the TRX has arrived
    }
    const signed = await signTronTransfer(
      { api, signer, feeLimit: deps.feeLimit },
      { token: c.token, to: hot, amount: balance, headTime },
    );
    await store('sweep', c, signed, balance);
    result.swept += 1;
  }

  return {
    async pass(): Promise<SweepPassResult> {
      const result: SweepPassResult = { gasSent: 0, swept: 0, confirmed: 0, failed: 0 };
      const hot = keys.tronHotWallet;
      if (!hot || !keys.tronGasWallet) return result; // watch-only: swept outside the platform
      const lock = 'chain-sweeper:TRC20';
      await db.connection().execute(async (conn) => {
        const { rows } = await sql<{ locked: boolean }>`
          SELECT pg_try_advisory_lock(hashtextextended(${lock}, 0)) AS locked`.execute(conn);
        if (!rows[0]?.locked) return;
        try {
          const head = await api.headTime();
          await settle(head.timestamp, result);
          for (const c of await sweepCandidates(deps.db, deps.wallet, 'TRC20', 'tron')) {
            try {
              await sweepOne(c, hot.address, head.timestamp, result);
            } catch (error) {
              log.warn({ address: c.address, error: (error as Error).message }, 'TRON sweep failed');
            }
          }
        } finally {
          await sql`SELECT pg_advisory_unlock(hashtextextended(${lock}, 0))`.execute(conn);
        }
      });
      return result;
    },
  };
}

export type TronSweeper = ReturnType<typeof createTronSweeper>;
