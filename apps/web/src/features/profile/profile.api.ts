import {
  Paths,
  type TContact,
  type TContactChange,
  type TUpdateProfile,
  ZProfile,
  ZTacSent,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export const profileKey = ['profile'] as const;

/** The member's profile calls. `handled`: the codes the calling form shows inline. */
export const profileApi = {
  get: (signal?: AbortSignal) => api.get(Paths.profile, ZProfile, { signal }),
  update: (body: TUpdateProfile, handled: readonly string[]) =>
    api.patch(Paths.profile, ZProfile, body, { handled }),
  sendContactTac: (contact: TContact, handled: readonly string[]) =>
    api.post(Paths.profileContactTac, ZTacSent, { contact }, { handled }),
  changeContact: (body: TContactChange, handled: readonly string[]) =>
    api.post(Paths.profileContact, ZProfile, body, { handled }),
};

export const useProfile = () =>
  useQuery({ queryKey: profileKey, queryFn: ({ signal }) => profileApi.get(signal) });
