import { z } from 'zod';
import { ZPageQuery, ZTimestamp, zPage } from './common';
import { ZDecimal } from './wallet';

/** The placement-tree ranks of spec section 3, lowest first. */
export const Ranks = ['Fans', 'Analyst', 'Developer', 'Operator', 'Investor'] as const;
export const ZRank = z.enum(Ranks);
export type TRank = z.infer<typeof ZRank>;

export const BonusTypes = ['sponsor', 'pairing'] as const;
export const ZBonusType = z.enum(BonusTypes);
export type TBonusType = z.infer<typeof ZBonusType>;

/** A UTC day, `YYYY-MM-DD`: the period a daily run pays for. */
export const ZBonusDate = z.iso.date({ message: 'BONUS_DATE_INVALID' });

const ZRate = z
  .number({ message: 'BONUS_RATE_INVALID' })
  .int({ message: 'BONUS_RATE_INVALID' })
  .min(0, { message: 'BONUS_RATE_INVALID' })
  .max(10_000, { message: 'BONUS_RATE_INVALID' });
/** A non-negative amount of the payout currency, as typed: `100`, `12.5`. */
const ZSettingAmount = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,6})?$/, { message: 'BONUS_AMOUNT_INVALID' });

/**
 * What a rank needs and pays. A member holds the highest rank whose three thresholds all hold: personal
 * purchases (all time), direct referrals, and the weaker leg's volume (all time).
 */
export const ZRankRule = z.object({
  rank: ZRank,
  minPersonal: ZSettingAmount,
  minDirects: z.number().int().min(0, { message: 'BONUS_SETTINGS_INVALID' }).max(100_000),
  minWeakerLeg: ZSettingAmount,
  /** Of a direct referral's purchases, in basis points (500 = 5%). */
  sponsorBps: ZRate,
  /** Of the matched (paired) volume, in basis points. */
  pairingBps: ZRate,
  /** The most pairing bonus paid for one day. */
  dailyCap: ZSettingAmount,
});
export type TRankRule = z.infer<typeof ZRankRule>;

export const ZBonusSettings = z.object({
  /** Bonuses are paid in this currency, into the reward wallet. */
  payoutCurrency: z.string().regex(/^[A-Z0-9]{2,12}$/, { message: 'CURRENCY_UNKNOWN' }),
  /** Purchases in these currencies count as volume, 1:1 (stable coins of the payout currency's decimals). */
  volumeCurrencies: z
    .array(z.string().regex(/^[A-Z0-9]{2,12}$/, { message: 'CURRENCY_UNKNOWN' }))
    .min(1)
    .max(10),
  /** One rule per rank, in the order of `Ranks`. */
  ranks: z
    .array(ZRankRule)
    .length(Ranks.length, { message: 'BONUS_SETTINGS_INVALID' })
    .refine((rules) => rules.every((r, i) => r.rank === Ranks[i]), { message: 'BONUS_SETTINGS_INVALID' }),
});
export type TBonusSettings = z.infer<typeof ZBonusSettings>;

export const ZBonusSettingsView = z.object({
  settings: ZBonusSettings,
  updatedAt: ZTimestamp.nullable(),
});
export type TBonusSettingsView = z.infer<typeof ZBonusSettingsView>;

/** The member's bonus summary (bonussummary): totals by type in a period, rank, left and right balances. */
export const ZBonusSummaryQuery = z.object({ from: ZBonusDate.optional(), to: ZBonusDate.optional() });
export type TBonusSummaryQuery = z.infer<typeof ZBonusSummaryQuery>;

export const ZBonusSummary = z.object({
  currency: z.string(),
  rank: ZRank,
  sponsor: ZDecimal,
  pairing: ZDecimal,
  total: ZDecimal,
  leftTotal: ZDecimal,
  rightTotal: ZDecimal,
  /** The left and right balances: volume carried forward to the next pairing. */
  leftCarry: ZDecimal,
  rightCarry: ZDecimal,
});
export type TBonusSummary = z.infer<typeof ZBonusSummary>;

/** bonusrecord / searchBonusrecord: the member's payouts, newest period first. */
export const ZBonusRecordsQuery = ZPageQuery.extend({
  from: ZBonusDate.optional(),
  to: ZBonusDate.optional(),
  type: ZBonusType.optional(),
});
export type TBonusRecordsQuery = z.infer<typeof ZBonusRecordsQuery>;

export const ZBonusRecord = z.object({
  id: z.uuid(),
  type: ZBonusType,
  periodStart: z.string(),
  rank: ZRank,
  rateBps: z.number().int(),
  /** What the rate applied to: the referrals' purchases, or the matched volume. */
  base: ZDecimal,
  amount: ZDecimal,
  currency: z.string(),
  /** The pairing bonus hit the rank's daily cap. */
  capped: z.boolean(),
  paid: z.boolean(),
});
export type TBonusRecord = z.infer<typeof ZBonusRecord>;
export const ZBonusRecordPage = zPage(ZBonusRecord);

/** The volumes and carry a pairing bonus was computed from. */
export const ZPairingDetail = z.object({
  newLeft: ZDecimal,
  newRight: ZDecimal,
  leftCarryBefore: ZDecimal,
  rightCarryBefore: ZDecimal,
  matched: ZDecimal,
  leftCarryAfter: ZDecimal,
  rightCarryAfter: ZDecimal,
});
export type TPairingDetail = z.infer<typeof ZPairingDetail>;

export const ZBonusRecordDetail = ZBonusRecord.extend({ pairing: ZPairingDetail.nullable() });
export type TBonusRecordDetail = z.infer<typeof ZBonusRecordDetail>;

export const RunStatuses = ['running', 'completed', 'failed'] as const;
export const ZRunStatus = z.enum(RunStatuses);

export const ZRunTotals = z.object({
  members: z.number().int(),
  payouts: z.number().int(),
  sponsor: ZDecimal,
  pairing: ZDecimal,
  total: ZDecimal,
});
export type TRunTotals = z.infer<typeof ZRunTotals>;

export const ZBonusRun = z.object({
  id: z.string(),
  periodStart: z.string(),
  status: ZRunStatus,
  settings: ZBonusSettings,
  totals: ZRunTotals.nullable(),
  error: z.string().nullable(),
  startedAt: ZTimestamp,
  finishedAt: ZTimestamp.nullable(),
});
export type TBonusRun = z.infer<typeof ZBonusRun>;
export const ZBonusRunPage = zPage(ZBonusRun);

export const ZBonusRunRequest = z.object({ periodStart: ZBonusDate });
export type TBonusRunRequest = z.infer<typeof ZBonusRunRequest>;

/** What a run of the period would pay, computed and rolled back. */
export const ZBonusDryRun = z.object({
  periodStart: z.string(),
  currency: z.string(),
  totals: ZRunTotals,
  /** The largest payouts, for a look before the real run. */
  top: z.array(
    z.object({
      username: z.string(),
      type: ZBonusType,
      rank: ZRank,
      base: ZDecimal,
      amount: ZDecimal,
      capped: z.boolean(),
    }),
  ),
});
export type TBonusDryRun = z.infer<typeof ZBonusDryRun>;
