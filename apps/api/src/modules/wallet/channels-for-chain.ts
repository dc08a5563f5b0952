import type { NetworkName } from '@app/contracts';
import { type AnyDb, type AnyTrx, own } from '../../db/tables';

/**
 * The deposit channels as the chain module may read them (decision 77): a read-only view, not the table.
 * Chain joins it with its own tables in one query (`.as('ch')`), so a filter, an order or a limit that
 * spans both stays in the database and the plan is the table's own (PostgreSQL inlines the subquery).
 */
export function depositChannelsView(db: AnyDb) {
  return own<'deposit_channels'>(db)
    .selectFrom('deposit_channels')
    .select([
      'currency',
      'network',
      'enabled',
      'min_amount',
      'confirmations',
      'token_address',
      'token_decimals',
      'auto_payout',
    ]);
}

/** Whether the platform's hot wallet pays this channel's withdrawals (false: none, or an admin pays). */
export async function paysOnChain(trx: AnyTrx, currency: string, network: NetworkName): Promise<boolean> {
  const channel = await own<'deposit_channels'>(trx)
    .selectFrom('deposit_channels')
    .select('auto_payout')
    .where('currency', '=', currency)
    .where('network', '=', network)
    .executeTakeFirst();
  return channel?.auto_payout ?? false;
}
