import { sql } from 'kysely';
import { type Address, erc20Abi, getAddress, type Hex, type LocalAccount, type PublicClient } from 'viem';
import type { AnyDb } from '../../../db/tables';
import { own } from '../../../db/tables';
import type { ServiceLog } from '../../../platform/module';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { ChainKeys } from '../keys';
import type { EvmNetwork } from '../networks';
import { sendSigned } from './send-signed';
import { sweepCandidates } from './sweep-candidates';

/**
 * Moves what members deposited into the hot wallet (decision 62). Deposit addresses are plain keys of the
 * platform's HD wallet, so a sweep is an ordinary ERC-20 transfer signed by the address's own key; the
 * address first gets just enough gas from the gas wallet. One pass per network at a time (an advisory
 * lock), every transaction recorded in `chain_sweeps`, so a restart never pays gas twice for one sweep.
 */
export interface SweepPassResult {
  gasSent: number;
  swept: number;
  confirmed: number;
  failed: number;
}

/** Gas bought for a sweep beyond the estimate: fees move between the estimate and the block. */
const GAS_HEADROOM_PERCENT = 150n;

export function createSweeper(deps: {
  db: AnyDb;
  /** Wallet's deposit channels: the token each credited deposit is swept in. */
  wallet: Pick<WalletForChain, 'depositChannelsView'>;
  keys: ChainKeys;
  network: EvmNetwork;
  log: ServiceLog;
}) {
  const db = own<'chain_sweeps' | 'chain_deposits' | 'deposit_addresses'>(deps.db);
  const { network, keys, log } = deps;
  const client = network.client as PublicClient;

  /** Addresses holding credited deposits that no confirmed sweep has moved since, with their token. */
  async function candidates(): Promise<{ address: Address; token: Address; index: number }[]> {
    const rows = await sweepCandidates(deps.db, deps.wallet, network.name, 'evm');
    return rows.map((r) => ({ address: getAddress(r.address), token: getAddress(r.token), index: r.index }));
  }

  async function record(kind: 'gas' | 'sweep', address: Address, token: Address, hash: Hex, amount: bigint) {
    await db
      .insertInto('chain_sweeps')
      .values({ network: network.name, address, token, kind, tx_hash: hash, amount: amount.toString() })
      .execute();
  }

  /** Sent sweeps and gas top-ups whose receipts have arrived: confirmed, or failed (tried again next pass). */
  async function settle(result: SweepPassResult) {
    const inFlight = await db
      .selectFrom('chain_sweeps')
      .select(['id', 'tx_hash'])
      .where('network', '=', network.name)
      .where('status', '=', 'sent')
      .execute();
    for (const sent of inFlight) {
      const receipt = await client.getTransactionReceipt({ hash: sent.tx_hash as Hex }).catch(() => null);
      if (!receipt) continue;
      const ok = receipt.status === 'success';
      await db
        .updateTable('chain_sweeps')
        .set({ status: ok ? 'confirmed' : 'failed', confirmed_at: new Date() })
        .where('id', '=', sent.id)
        .execute();
      if (ok) result.confirmed += 1;
      else result.failed += 1;
    }
  }

  async function sweepOne(
    c: { address: Address; token: Address; index: number },
    hotWallet: LocalAccount,
    gasWallet: LocalAccount,
    result: SweepPassResult,
  ) {
    const balance = await client.readContract({
      address: c.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [c.address],
    });
    if (balance === 0n) return;
    const signer = keys.depositSigner(c.index);
    if (!signer || signer.address !== c.address) {
      log.error({ address: c.address }, 'sweeper: no key for a deposit address (watch-only keys?)');
      return;
    }
    const gas = await client.estimateContractGas({
      address: c.token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [hotWallet.address, balance],
      account: c.address,
    });
    const fees = await client.estimateFeesPerGas();
    const need = (gas * fees.maxFeePerGas * GAS_HEADROOM_PERCENT) / 100n;
    const eth = await client.getBalance({ address: c.address });
    if (eth < need) {
      const hash = await sendSigned(client, gasWallet, network.chainId, { to: c.address, value: need - eth });
      await record('gas', c.address, c.token, hash, need - eth);
      result.gasSent += 1;
      return; // swept on a later pass, once the gas has arrived
    }
    const hash = await sendSigned(client, signer, network.chainId, {
      to: c.token,
      contract: { abi: erc20Abi, functionName: 'transfer', args: [hotWallet.address, balance] },
      gas,
      fees,
    });
    await record('sweep', c.address, c.token, hash, balance);
    result.swept += 1;
  }

  return {
    /** One pass: settle what was sent, then top up or sweep every address with something to move. */
    async pass(): Promise<SweepPassResult> {
      const result: SweepPassResult = { gasSent: 0, swept: 0, confirmed: 0, failed: 0 };
      const { hotWallet, gasWallet } = keys;
      if (!hotWallet || !gasWallet) return result; // watch-only: sweeping is done outside the platform
      const lock = `chain-sweeper:${network.name}`;
      await db.connection().execute(async (conn) => {
        const { rows } = await sql<{ locked: boolean }>`
          SELECT pg_try_advisory_lock(hashtextextended(${lock}, 0)) AS locked`.execute(conn);
        if (!rows[0]?.locked) return;
        try {
          await settle(result);
          for (const c of await candidates()) {
            try {
              await sweepOne(c, hotWallet, gasWallet, result);
            } catch (error) {
              log.warn(
                { address: c.address, error: (error as Error).message.split('\n')[0] },
                'sweep failed',
              );
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

export type Sweeper = ReturnType<typeof createSweeper>;
