import { ProfileEndpoints, type TAddressInput } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export const addressKeys = {
  all: ['addresses'] as const,
  list: ['addresses', 'list'] as const,
  one: (id: string) => ['addresses', 'one', id] as const,
};

/** The member's saved contact addresses. `handled`: the codes the calling form shows inline. */
export const addressesApi = {
  page: (page: number, pageSize: number) =>
    api.call(ProfileEndpoints.addresses, { query: { page, pageSize } }),
  get: (id: string, signal?: AbortSignal) => api.call(ProfileEndpoints.address, { params: { id }, signal }),
  create: (body: TAddressInput, handled: readonly string[]) =>
    api.call(ProfileEndpoints.postAddresses, { body, handled }),
  update: (id: string, body: TAddressInput, handled: readonly string[]) =>
    api.call(ProfileEndpoints.putAddress, { params: { id }, body, handled }),
  remove: (id: string) => api.call(ProfileEndpoints.deleteAddress, { params: { id } }),
  setDefault: (id: string) => api.call(ProfileEndpoints.addressDefault, { params: { id } }),
};

export const useAddress = (id: string | null) =>
  useQuery({
    queryKey: addressKeys.one(id ?? ''),
    queryFn: ({ signal }) => addressesApi.get(id ?? '', signal),
    enabled: id !== null,
  });
