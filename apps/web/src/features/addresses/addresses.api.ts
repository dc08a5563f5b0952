import { Paths, type TAddressInput, ZAddress, ZAddressPage, ZOk } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, pathWith } from '../../app/api';

export const addressKeys = {
  all: ['addresses'] as const,
  list: ['addresses', 'list'] as const,
  one: (id: string) => ['addresses', 'one', id] as const,
};

/** The member's saved contact addresses. `handled`: the codes the calling form shows inline. */
export const addressesApi = {
  page: (page: number, pageSize: number) =>
    api.get(Paths.addresses, ZAddressPage, { query: { page, pageSize } }),
  get: (id: string, signal?: AbortSignal) => api.get(pathWith(Paths.address, { id }), ZAddress, { signal }),
  create: (body: TAddressInput, handled: readonly string[]) =>
    api.post(Paths.addresses, ZAddress, body, { handled }),
  update: (id: string, body: TAddressInput, handled: readonly string[]) =>
    api.put(pathWith(Paths.address, { id }), ZAddress, body, { handled }),
  remove: (id: string) => api.delete(pathWith(Paths.address, { id }), ZOk),
  setDefault: (id: string) => api.post(pathWith(Paths.addressDefault, { id }), ZAddress),
};

export const useAddress = (id: string | null) =>
  useQuery({
    queryKey: addressKeys.one(id ?? ''),
    queryFn: ({ signal }) => addressesApi.get(id ?? '', signal),
    enabled: id !== null,
  });
