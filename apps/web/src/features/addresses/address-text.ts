import type { TAddress } from '@app/contracts';
import { countryName } from '../auth/ContactFields';

/** An address as lines to print: street, then postcode and city, then state and country. */
export function addressLines(address: TAddress): string[] {
  return [
    address.line1,
    address.line2,
    `${address.postcode} ${address.city}`,
    [address.state, countryName(address.country, address.country)].filter(Boolean).join(', '),
  ].filter((line): line is string => Boolean(line));
}
