import { randomUUID } from 'node:crypto';
import type { LedgerService } from '../../apps/api/src/modules/ledger/ledger.service';
import { closedLoop, type PhaseResult, pair, randomAmount } from './measure';
import type { BenchMember } from './setup';

export function errorCode(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string') return e.code;
  return String(e?.message ?? error).slice(0, 60);
}

/**
 * `clients` workers, each calling `ledger.transfer([...])` with one member-to-member transfer between two
 * random members of `members` (a new id each time), one after the other.
 */
export function serviceTransfers(
  ledger: LedgerService,
  o: {
    name: string;
    members: BenchMember[];
    currency: string;
    clients: number;
    warmupSeconds: number;
    seconds: number;
    aborted: () => boolean;
  },
): Promise<PhaseResult> {
  const { members, currency } = o;
  return closedLoop({
    name: o.name,
    clients: o.clients,
    warmupSeconds: o.warmupSeconds,
    seconds: o.seconds,
    aborted: o.aborted,
    codeOf: errorCode,
    op: async () => {
      const [a, b] = pair(members.length);
      const from = members[a]!;
      await ledger.transfer([
        {
          id: randomUUID(),
          debitAccountId: from.accountId,
          creditAccountId: members[b]!.accountId,
          amount: randomAmount(),
          currency,
          kind: 'transfer',
          createdBy: from.id,
        },
      ]);
    },
  });
}
