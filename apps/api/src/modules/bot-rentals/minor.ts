import { INT8_MAX } from '@app/contracts';
import { AppError } from '../../platform/errors';
import { amountOf, type Currency } from '../wallet/amounts';

/** An amount an admin typed, in minor units that fit the bigint columns of packages and rentals. */
export function minorOf(text: string, currency: Currency): bigint {
  const minor = amountOf(text, currency);
  if (minor > INT8_MAX) throw new AppError('AMOUNT_TOO_LARGE');
  return minor;
}
