import { type TBonusSettings, type TRank, ZBonusSettings } from '@app/contracts';
import { toDecimalString } from '@app/money';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';

/**
 * The settings in force until an admin saves others: a free member (Fans) earns nothing; each rank above
 * needs more personal purchases, direct referrals and weaker-leg volume, and pays more.
 */
export const DEFAULT_BONUS_SETTINGS: TBonusSettings = {
  payoutCurrency: 'USDT',
  volumeCurrencies: ['USDT', 'USDC'],
  ranks: [
    {
      rank: 'Fans',
      minPersonal: '0',
      minDirects: 0,
      minWeakerLeg: '0',
      sponsorBps: 0,
      pairingBps: 0,
      dailyCap: '0',
    },
    {
      rank: 'Analyst',
      minPersonal: '100',
      minDirects: 0,
      minWeakerLeg: '0',
      sponsorBps: 500,
      pairingBps: 500,
      dailyCap: '1000',
    },
    {
      rank: 'Developer',
      minPersonal: '500',
      minDirects: 2,
      minWeakerLeg: '5000',
      sponsorBps: 800,
      pairingBps: 800,
      dailyCap: '5000',
    },
    {
      rank: 'Operator',
      minPersonal: '1000',
      minDirects: 4,
      minWeakerLeg: '50000',
      sponsorBps: 1000,
      pairingBps: 1000,
      dailyCap: '20000',
    },
    {
      rank: 'Investor',
      minPersonal: '5000',
      minDirects: 6,
      minWeakerLeg: '250000',
      sponsorBps: 1200,
      pairingBps: 1200,
      dailyCap: '50000',
    },
  ],
};

/** One rank's rule in minor units of the payout currency, as the run's SQL reads it. */
export interface MinorRule {
  ord: number;
  rank: TRank;
  min_personal: string;
  min_directs: number;
  min_weaker: string;
  sponsor_bps: number;
  pairing_bps: number;
  cap: string;
}

export interface ResolvedSettings {
  settings: TBonusSettings;
  currency: string;
  decimals: number;
  rules: MinorRule[];
}

/** A setting's amount (zero allowed, unlike a payment's) in minor units; more decimals than the currency's is refused. */
function minor(text: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  const fraction = match?.[2] ?? '';
  if (!match || fraction.length > decimals) throw new AppError('BONUS_AMOUNT_INVALID');
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Checks what a schema cannot: the currencies exist and volume counts 1:1 (same decimals). */
export async function resolveSettings(
  ex: Kysely<Database>,
  settings: TBonusSettings,
): Promise<ResolvedSettings> {
  const codes = [...new Set([settings.payoutCurrency, ...settings.volumeCurrencies])];
  const rows = await ex
    .selectFrom('currencies')
    .select(['code', 'decimals'])
    .where('code', 'in', codes)
    .execute();
  if (rows.length !== codes.length) throw new AppError('CURRENCY_UNKNOWN');
  const decimals = rows[0]!.decimals;
  if (rows.some((r) => r.decimals !== decimals)) throw new AppError('BONUS_SETTINGS_INVALID');
  const rules = settings.ranks.map((r, ord) => ({
    ord,
    rank: r.rank,
    min_personal: minor(r.minPersonal, decimals).toString(),
    min_directs: r.minDirects,
    min_weaker: minor(r.minWeakerLeg, decimals).toString(),
    sponsor_bps: r.sponsorBps,
    pairing_bps: r.pairingBps,
    cap: minor(r.dailyCap, decimals).toString(),
  }));
  return { settings, currency: settings.payoutCurrency, decimals, rules };
}

export const decimalText = (minorValue: string | bigint, decimals: number) =>
  toDecimalString(BigInt(minorValue), decimals);

/** The settings an admin reads and edits; every change is audited with what it was before. */
export function createBonusSettingsService(deps: { db: Db }) {
  const { db } = deps;

  async function current(ex: Kysely<Database> = db) {
    const row = await ex.selectFrom('bonus_settings').select(['settings', 'updated_at']).executeTakeFirst();
    if (!row) return { settings: DEFAULT_BONUS_SETTINGS, updatedAt: null };
    return { settings: ZBonusSettings.parse(row.settings), updatedAt: row.updated_at };
  }

  return {
    current,

    view: async () => {
      const { settings, updatedAt } = await current();
      return { settings, updatedAt: updatedAt?.toISOString() ?? null };
    },

    update: async (actor: Actor, input: TBonusSettings) => {
      const settings = ZBonusSettings.parse(input);
      await resolveSettings(db, settings);
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('bonus_settings').select('id').forUpdate().execute();
        const before = await current(trx);
        const saved = await trx
          .insertInto('bonus_settings')
          .values({ id: 1, settings: JSON.stringify(settings), updated_by: actor.memberId })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({
              settings: JSON.stringify(settings),
              updated_by: actor.memberId,
              updated_at: new Date(),
            }),
          )
          .returning('updated_at')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'bonus.settings.update',
          subject: 'bonus_settings:1',
          detail: { before: before.settings, after: settings },
        });
        return { settings, updatedAt: saved.updated_at.toISOString() };
      });
    },
  };
}

export type BonusSettingsService = ReturnType<typeof createBonusSettingsService>;
