import type { TAdminManagedAccount, TKeyExchange } from '@app/contracts';

/** The member's account on that exchange among a page of the list (usernames compare as the server does). */
export function existingAccount(
  items: readonly TAdminManagedAccount[],
  username: string,
  exchange: TKeyExchange,
): TAdminManagedAccount | undefined {
  const name = username.trim().toLowerCase();
  return items.find((a) => a.exchange === exchange && a.username.toLowerCase() === name);
}

/**
 * What the admin confirms before an assignment replaces something: another key (the old one stops working
 * for the member's managed bots) or the platform's paper account (its paper books stay, unused). A new
 * account needs no confirmation: nothing is lost.
 */
export function replacementOf(
  existing: TAdminManagedAccount | undefined,
): { kind: 'key'; apiKeyMasked: string } | { kind: 'paper' } | null {
  if (!existing) return null;
  if (existing.kind === 'paper') return { kind: 'paper' };
  return { kind: 'key', apiKeyMasked: existing.apiKeyMasked ?? '' };
}

/** Whether a row's sub-account can change now: never while the member's managed bots there are live. */
export const isLocked = (account: TAdminManagedAccount) => account.liveBots > 0;
