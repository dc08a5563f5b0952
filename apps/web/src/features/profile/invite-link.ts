import { ProfilePaths } from './profile-paths';

/**
 * The sign-up link a member shares: the hash route of the sign-up page with their invitation code as the
 * sponsor, which the sign-up page fills in (`registerDefaults`).
 */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/#${ProfilePaths.register}?${new URLSearchParams({ sponsor: code })}`;
}
