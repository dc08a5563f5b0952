import {
  ProfileEndpoints,
  type TContactChange,
  type TContactChangeTac,
  type TUpdateProfile,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export const profileKey = ['profile'] as const;

/** The member's profile calls. `handled`: the codes the calling form shows inline. */
export const profileApi = {
  get: (signal?: AbortSignal) => api.call(ProfileEndpoints.profile, { signal }),
  update: (body: TUpdateProfile, handled: readonly string[]) =>
    api.call(ProfileEndpoints.patchProfile, { body, handled }),
  /** Step one of a contact change: a code to the current contact and one to the new (decision 42). */
  sendContactTac: (body: TContactChangeTac, handled: readonly string[]) =>
    api.call(ProfileEndpoints.profileContactTac, { body, handled }),
  changeContact: (body: TContactChange, handled: readonly string[]) =>
    api.call(ProfileEndpoints.profileContact, { body, handled }),
};

export const useProfile = () =>
  useQuery({ queryKey: profileKey, queryFn: ({ signal }) => profileApi.get(signal) });
