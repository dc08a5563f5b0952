import {
  type FormatOptions,
  formatAmount,
  parseAmount,
  type Rounding,
  STABLECOIN_DECIMALS,
  withdrawalFee,
} from '@app/money';
import { mul, SCALE, tryParse } from '@app/money/decimal';
import { intlLocale } from './format';

/** USD values come with 6 decimals; two are shown. */
const USD_DECIMALS = 6;

/**
 * A decimal string of the server ("20.500000", "0.000000", "-3.1") in minor units, or null when the text
 * is not one. Zero and negatives are fine here: they are balances, not what a member typed.
 */
export function minorOf(text: string, decimals: number): bigint | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const parsed = parseAmount(negative ? trimmed.slice(1) : trimmed, decimals);
  if (parsed.ok) return negative ? -parsed.value : parsed.value;
  return parsed.error === 'AMOUNT_NOT_POSITIVE' && !negative ? 0n : null;
}

/** A server amount for display in the member's locale; the raw text if it is not a decimal. */
export function amountText(text: string, decimals: number, options?: FormatOptions): string {
  const minor = minorOf(text, decimals);
  return minor === null ? text : formatAmount(minor, decimals, intlLocale(), options);
}

/** A minor-unit amount for display in the member's locale. */
export function minorText(minor: bigint, decimals: number): string {
  return formatAmount(minor, decimals, intlLocale());
}

/** A USD value, cut (never rounded up) to cents. */
export function usdText(text: string): string {
  return amountText(text, USD_DECIMALS, { maximumFractionDigits: 2 });
}

/** How a figure with more decimals than shown is brought to them: half away from zero, away from zero, cut. */
type FigureRounding = Extract<Rounding, 'half-up' | 'up' | 'down'>;

/**
 * A decimal string of any precision (a price, a profit, a capital the engine computed) at `places` decimals,
 * rounded as asked, in the member's locale; the text as it is if it is not a plain decimal. Worked on the
 * digits; no float is involved.
 */
export function figureText(
  value: string,
  places: number,
  rounding: FigureRounding,
  {
    minimumFractionDigits = places,
    locale = intlLocale(),
  }: { minimumFractionDigits?: number; locale?: string } = {},
): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const kept = BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction.slice(0, places).padEnd(places, '0'));
  const rest = fraction.slice(places);
  const away = rounding === 'half-up' ? Number(rest[0] ?? '0') >= 5 : rounding === 'up' && /[1-9]/.test(rest);
  const magnitude = away ? kept + 1n : kept;
  return formatAmount(negative ? -magnitude : magnitude, places, locale, { minimumFractionDigits });
}

// The places an exchange asset is shown with. The stablecoins have the platform's own currency places; any
// other coin a venue reports (BTC, ETH, ...) shows 8, bitcoin's smallest unit, enough for any coin's price.
const STABLECOINS = new Set(['USDT', 'USDC', 'BUSD', 'FDUSD', 'TUSD', 'DAI', 'USD']);
export const OTHER_ASSET_PLACES = 8;

/** How many decimals an amount of `asset` is shown with. */
export function assetPlaces(asset: string): number {
  return STABLECOINS.has(asset.toUpperCase()) ? STABLECOIN_DECIMALS : OTHER_ASSET_PLACES;
}

/**
 * An amount of an exchange asset (a balance, a fee) at the asset's places, cut (a balance on screen never
 * shows more than there is), at least two decimals, in the member's locale: "9979.67030325745" USDT is
 * "9,979.670303". A venue writes as many digits as its arithmetic left; the member reads the coin's places.
 */
export function assetAmountText(
  text: string | null | undefined,
  asset: string,
  locale = intlLocale(),
): string {
  if (text === null || text === undefined || text.trim() === '') return '—';
  return figureText(text.trim(), assetPlaces(asset), 'down', { minimumFractionDigits: 2, locale });
}

/** Digits after the point as written, trailing zeros too ("3.10" has 2): how precisely a venue stated it. */
export function writtenPlaces(text: string): number {
  return Math.min((text.trim().split('.')[1] ?? '').length, SCALE);
}

/** An exchange's decimal (a price, an amount, a PnL) in the member's locale, to the decimals it came with. */
export function decimalText(text: string | null | undefined, minimumFractionDigits = 0): string {
  if (text === null || text === undefined || text === '') return '—';
  const value = tryParse(text.trim());
  if (value === null) return text;
  return formatAmount(value, SCALE, intlLocale(), {
    minimumFractionDigits: Math.min(minimumFractionDigits, writtenPlaces(text)),
  });
}

/** A computed exchange decimal (an order's value, a margin after a change), cut (never rounded up). */
export function decimalValueText(value: bigint | null, maximumFractionDigits = 2): string {
  if (value === null) return '—';
  return formatAmount(value, SCALE, intlLocale(), {
    minimumFractionDigits: Math.min(2, maximumFractionDigits),
    maximumFractionDigits,
  });
}

/** amount × price of two exchange decimals, cut at 18 places; null while either is not a decimal. */
export function productOf(a: string | null | undefined, b: string | null | undefined): bigint | null {
  const x = tryParse((a ?? '').trim());
  const y = tryParse((b ?? '').trim());
  return x === null || y === null ? null : mul(x, y, 'down');
}

/** The sign of an exchange decimal: -1, 0 or 1 (0 also when it is not one). */
export function signOf(text: string | null | undefined): -1 | 0 | 1 {
  const value = tryParse((text ?? '').trim());
  if (value === null || value === 0n) return 0;
  return value < 0n ? -1 : 1;
}

/** Basis points as a percentage for display: 500 -> "5", 50 -> "0.5". */
export function percentText(basisPoints: number): string {
  return formatAmount(BigInt(basisPoints), 2, intlLocale(), { minimumFractionDigits: 0 });
}

/** A rate as the server wrote it ("0.25", rounded down to 12 places), for display. */
export function rateText(rate: string): string {
  return amountText(rate, 12, { minimumFractionDigits: 0 });
}

export type AmountCheck = { ok: true; value: bigint } | { ok: false; code: string };

export interface AmountLimits {
  /** The smallest amount allowed (minor units) and the code to refuse a smaller one with. */
  minimum?: { value: bigint; code: string };
  /** What the wallet holds, as the server wrote it. */
  available?: string;
}

/**
 * What a member typed as an amount, checked the way the server will check it: format and precision
 * (AMOUNT_*), the minimum, then the balance (LEDGER_INSUFFICIENT_FUNDS). Nothing passes through a float.
 */
export function checkAmount(text: string, decimals: number, limits: AmountLimits = {}): AmountCheck {
  const parsed = parseAmount(text, decimals);
  if (!parsed.ok) return { ok: false, code: parsed.error };
  if (limits.minimum && parsed.value < limits.minimum.value) return { ok: false, code: limits.minimum.code };
  const available = limits.available === undefined ? null : minorOf(limits.available, decimals);
  if (available !== null && parsed.value > available) return { ok: false, code: 'LEDGER_INSUFFICIENT_FUNDS' };
  return { ok: true, value: parsed.value };
}

export interface WithdrawalPreview {
  amount: bigint;
  /** The fee, rounded up as the server rounds it. */
  fee: bigint;
  /** What reaches the address: amount - fee. */
  arrives: bigint;
}

/** The fee and what arrives for a typed amount, or null while the text is not a valid amount. */
export function withdrawalPreview(
  text: string,
  option: { decimals: number; feeBps: number },
): WithdrawalPreview | null {
  const parsed = parseAmount(text, option.decimals);
  if (!parsed.ok) return null;
  const fee = withdrawalFee(parsed.value, BigInt(option.feeBps));
  return { amount: parsed.value, fee, arrives: parsed.value - fee };
}

/** The server writes every decimal of a coin ("20.500000"), so an answer's amount tells its decimals. */
export function decimalsIn(text: string): number {
  return Math.min(text.split('.')[1]?.length ?? 0, 18);
}

/** A server amount for display with as many decimals as it was written with. */
export function answerAmount(text: string): string {
  return amountText(text, decimalsIn(text));
}
