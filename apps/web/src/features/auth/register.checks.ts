import { AuthEndpoints, type TCheckPlacementResult, ZUsername } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { isApiError } from '../../app/api-error';
import { errorText } from '../../app/error-text';
import type { FieldStatus } from '../../shared/FormField';
import { useDebouncedValue } from '../../shared/use-debounced-value';

/** The sign-up form asks the server as the person pauses typing, not on every key. */
export const CHECK_DEBOUNCE_MS = 400;

function codeOf(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}

/**
 * Username: free, taken or malformed. The format rule is the shared schema's, checked here first, so a
 * name that cannot be valid costs no request; the server then says whether a valid one is free.
 */
export function useUsernameCheck(typed: string): FieldStatus | null {
  const { t } = useTranslation();
  const username = useDebouncedValue(typed.trim(), CHECK_DEBOUNCE_MS);
  const wellFormed = ZUsername.safeParse(username).success;
  const query = useQuery({
    queryKey: ['check-username', username.toLowerCase()],
    queryFn: ({ signal }) =>
      api.call(AuthEndpoints.checkUsername, {
        query: { username },
        handled: ['USERNAME_INVALID', 'VALIDATION_FAILED'],
        signal,
      }),
    enabled: wellFormed,
    staleTime: 10_000,
  });
  if (!username) return null;
  if (!wellFormed) return { tone: 'error', text: errorText('USERNAME_INVALID') };
  if (query.isError) return { tone: 'error', text: errorText(codeOf(query.error)) };
  if (!query.data) return { tone: 'info', text: t('register.checking') };
  return query.data.available
    ? { tone: 'ok', text: t('register.usernameAvailable') }
    : { tone: 'error', text: errorText('USERNAME_TAKEN') };
}

/** Sponsor: shows the member's masked name, so the person can tell they typed the right one. */
export function useSponsorCheck(typed: string): FieldStatus | null {
  const { t } = useTranslation();
  const sponsor = useDebouncedValue(typed.trim(), CHECK_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['check-sponsor', sponsor.toLowerCase()],
    queryFn: ({ signal }) =>
      api.call(AuthEndpoints.checkSponsor, {
        query: { sponsor },
        handled: ['SPONSOR_NOT_FOUND', 'VALIDATION_FAILED'],
        signal,
      }),
    enabled: sponsor.length > 0,
    staleTime: 10_000,
  });
  if (!sponsor) return null;
  if (query.isError) return { tone: 'error', text: errorText(codeOf(query.error)) };
  if (!query.data) return { tone: 'info', text: t('register.checking') };
  return {
    tone: 'ok',
    text: t('register.sponsorFound', { username: query.data.username, name: query.data.maskedName }),
  };
}

export interface PlacementCheck {
  status: FieldStatus | null;
  sides: TCheckPlacementResult | null;
}

/** Placement: must sit in the sponsor's downline; tells which of its two sides are still free. */
export function usePlacementCheck(typedSponsor: string, typedPlacement: string): PlacementCheck {
  const { t } = useTranslation();
  const sponsor = useDebouncedValue(typedSponsor.trim(), CHECK_DEBOUNCE_MS);
  const placement = useDebouncedValue(typedPlacement.trim(), CHECK_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['check-placement', sponsor.toLowerCase(), placement.toLowerCase()],
    queryFn: ({ signal }) =>
      api.call(AuthEndpoints.checkPlacement, {
        query: { sponsor, placement },
        handled: [
          'PLACEMENT_NOT_FOUND',
          'PLACEMENT_NOT_IN_SPONSOR_DOWNLINE',
          'SPONSOR_NOT_FOUND',
          'VALIDATION_FAILED',
        ],
        signal,
      }),
    enabled: sponsor.length > 0 && placement.length > 0,
    staleTime: 10_000,
  });
  if (!placement) return { status: null, sides: null };
  if (!sponsor) return { status: { tone: 'info', text: t('register.placementNeedsSponsor') }, sides: null };
  if (query.isError) return { status: { tone: 'error', text: errorText(codeOf(query.error)) }, sides: null };
  if (!query.data) return { status: { tone: 'info', text: t('register.checking') }, sides: null };
  const sides = query.data;
  const side = (free: boolean) => (free ? t('register.sideFree') : t('register.sideTaken'));
  const anyFree = sides.leftFree || sides.rightFree;
  return {
    status: {
      tone: anyFree ? 'ok' : 'error',
      text: anyFree
        ? t('register.placementSides', { left: side(sides.leftFree), right: side(sides.rightFree) })
        : errorText('PLACEMENT_SIDE_TAKEN'),
    },
    sides,
  };
}
