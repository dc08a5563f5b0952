import { z } from 'zod';
import { ZMobileNumber, ZTelPrefix } from './auth';
import { ZTimestamp, zPage } from './common';

/**
 * A member's saved contact (postal) addresses: our reading of getcaddress (list) and updatecaddress (add or
 * edit). The legacy getcraddress ("crypto addresses") are the withdrawal addresses the wallet binds, one
 * per network (`withdrawal-address.ts`, `GET /api/wallet/withdraw-addresses`): the address pages link to
 * them rather than keep a second list.
 */
export const AddressLimits = {
  /** Saved addresses per member. */
  perMember: 20,
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'ADDRESS_FIELD_REQUIRED' })
    .max(max, { message: 'ADDRESS_FIELD_TOO_LONG' });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'ADDRESS_FIELD_TOO_LONG' })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const ZCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: 'ADDRESS_COUNTRY_INVALID' });

export const ZPostcode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/, { message: 'ADDRESS_POSTCODE_INVALID' });

export const ZLatitude = z
  .number({ message: 'ADDRESS_COORDINATES_INVALID' })
  .min(-90, { message: 'ADDRESS_COORDINATES_INVALID' })
  .max(90, { message: 'ADDRESS_COORDINATES_INVALID' });
export const ZLongitude = z
  .number({ message: 'ADDRESS_COORDINATES_INVALID' })
  .min(-180, { message: 'ADDRESS_COORDINATES_INVALID' })
  .max(180, { message: 'ADDRESS_COORDINATES_INVALID' });

/** A point on the map, as the location pages pass it around. */
export const ZGeoPoint = z.object({ latitude: ZLatitude, longitude: ZLongitude });
export type TGeoPoint = z.infer<typeof ZGeoPoint>;

/** The address form (add and edit). The phone takes the sign-up's country prefixes. */
export const ZAddressInput = z
  .object({
    name: text(100),
    phonePrefix: ZTelPrefix,
    phone: ZMobileNumber,
    line1: text(200),
    line2: optionalText(200),
    city: text(100),
    state: optionalText(100),
    postcode: ZPostcode,
    country: ZCountryCode,
    latitude: ZLatitude.nullable().optional(),
    longitude: ZLongitude.nullable().optional(),
    /** true makes this the default. A default is only handed over by choosing another, never dropped. */
    isDefault: z.boolean().optional(),
  })
  .strict()
  .refine((v) => (v.latitude == null) === (v.longitude == null), {
    message: 'ADDRESS_COORDINATES_INVALID',
    path: ['latitude'],
  });
export type TAddressInput = z.input<typeof ZAddressInput>;
export type TAddressValues = z.output<typeof ZAddressInput>;

export const ZAddress = z.object({
  id: z.uuid(),
  name: z.string(),
  phonePrefix: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postcode: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isDefault: z.boolean(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TAddress = z.infer<typeof ZAddress>;

/** A page of saved addresses, the default first, then the newest (the list pages like every other). */
export const ZAddressPage = zPage(ZAddress);

export const ZAddressIdParams = z.object({ id: z.uuid({ message: 'ADDRESS_NOT_FOUND' }) });
