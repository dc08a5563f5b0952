import { AppError } from '../../platform/errors';
import { amountOf, type Currency } from '../wallet/amounts';

/** The largest value of a bigint (int8) column. */
const INT8_MAX = 2n ** 63n - 1n;

/** An amount an admin typed, in minor units that fit the bigint columns of packages and rentals. */
export function minorOf(text: string, currency: Currency): bigint {
  const minor = amountOf(text, currency);
  if (minor > INT8_MAX) throw new AppError('AMOUNT_TOO_LARGE');
  return minor;
}
