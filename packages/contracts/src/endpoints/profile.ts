import { ZAddress, ZAddressIdParams, ZAddressInput, ZAddressPage } from '../addresses';
import { ZOk, ZPageQuery } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  ZContactChange,
  ZContactChangeTac,
  ZContactChangeTacSent,
  ZProfile,
  ZUpdateProfile,
} from '../profile';

/** The operations registered by apps/api/src/modules/profile/profile.routes.ts. */
export const ProfileEndpoints = {
  profile: defineEndpoint({ method: 'GET', path: '/api/profile', response: ZProfile }),
  patchProfile: defineEndpoint({
    method: 'PATCH',
    path: '/api/profile',
    body: ZUpdateProfile,
    response: ZProfile,
  }),
  profileContactTac: defineEndpoint({
    method: 'POST',
    path: '/api/profile/contact/tac',
    body: ZContactChangeTac,
    response: ZContactChangeTacSent,
  }),
  profileContact: defineEndpoint({
    method: 'POST',
    path: '/api/profile/contact',
    body: ZContactChange,
    response: ZProfile,
  }),
  addresses: defineEndpoint({
    method: 'GET',
    path: '/api/addresses',
    query: ZPageQuery,
    response: ZAddressPage,
  }),
  postAddresses: defineEndpoint({
    method: 'POST',
    path: '/api/addresses',
    body: ZAddressInput,
    response: ZAddress,
  }),
  address: defineEndpoint({
    method: 'GET',
    path: '/api/addresses/:id',
    params: ZAddressIdParams,
    response: ZAddress,
  }),
  putAddress: defineEndpoint({
    method: 'PUT',
    path: '/api/addresses/:id',
    params: ZAddressIdParams,
    body: ZAddressInput,
    response: ZAddress,
  }),
  deleteAddress: defineEndpoint({
    method: 'DELETE',
    path: '/api/addresses/:id',
    params: ZAddressIdParams,
    response: ZOk,
  }),
  addressDefault: defineEndpoint({
    method: 'POST',
    path: '/api/addresses/:id/default',
    params: ZAddressIdParams,
    response: ZAddress,
  }),
};
