import type { TAddress, TAddressInput } from '@app/contracts';
import type { ErrorPlaces } from '../../shared/server-errors';

/** The address form holds exactly what ZAddressInput validates. */
export type AddressValues = TAddressInput;

export const addressFieldNames = [
  'name',
  'phonePrefix',
  'phone',
  'line1',
  'line2',
  'city',
  'state',
  'postcode',
  'country',
  'latitude',
];

export const addressErrorPlaces: ErrorPlaces<AddressValues> = {
  MOBILE_INVALID: 'phone',
  ADDRESS_POSTCODE_INVALID: 'postcode',
  ADDRESS_COUNTRY_INVALID: 'country',
  ADDRESS_COORDINATES_INVALID: 'latitude',
  ADDRESS_LIMIT_REACHED: 'root',
  ADDRESS_NOT_FOUND: 'root',
};

export function emptyAddress(prefix: string, country: string): AddressValues {
  return {
    name: '',
    phonePrefix: prefix,
    phone: '',
    line1: '',
    line2: '',
    city: '',
    state: '',
    postcode: '',
    country,
    latitude: null,
    longitude: null,
    isDefault: false,
  };
}

export function valuesOf(address: TAddress): AddressValues {
  return {
    name: address.name,
    phonePrefix: address.phonePrefix,
    phone: address.phone,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state ?? '',
    postcode: address.postcode,
    country: address.country,
    latitude: address.latitude,
    longitude: address.longitude,
    isDefault: address.isDefault,
  };
}

/** A draft handed back by the location page, if it is one of ours. */
export function draftOf(value: unknown): AddressValues | null {
  if (typeof value !== 'object' || value === null) return null;
  // Only the shape matters here; the form's resolver validates the values on submit.
  const keys = Object.keys(emptyAddress('', ''));
  return keys.every((key) => key in value) ? (value as AddressValues) : null;
}
