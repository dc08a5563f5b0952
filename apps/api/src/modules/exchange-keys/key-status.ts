import type { TKeyStatus, TKeySuspensionReason } from '@app/contracts';
import type { KeyVerdict } from '../exchanges/key-rights';

export interface KeyStanding {
  status: TKeyStatus;
  reason: TKeySuspensionReason | null;
  /** Whether the key is now known to be IP-restricted (once seen, removing it suspends the key). */
  ipRestricted: boolean;
}

/**
 * What a rights check means for a bound key. Suspended (bots pause) when the key gained a right we refuse,
 * has expired or expires within the warning window, or lost the IP restriction it had; active otherwise.
 * A key bound without an IP restriction only carries the warning: the member chose that at binding.
 */
export function standingOf(verdict: KeyVerdict, wasIpRestricted: boolean): KeyStanding {
  const unrestricted = verdict.warnings.includes('KEY_NO_IP_RESTRICTION');
  const ipRestricted = wasIpRestricted || !unrestricted;
  const suspended = (reason: TKeySuspensionReason): KeyStanding => ({
    status: 'suspended',
    reason,
    ipRestricted,
  });
  const refusal = verdict.refusals[0];
  if (refusal) return suspended(refusal);
  if (wasIpRestricted && unrestricted) return suspended('KEY_IP_RESTRICTION_REMOVED');
  if (verdict.warnings.includes('KEY_EXPIRES_SOON')) return suspended('KEY_EXPIRES_SOON');
  return { status: 'active', reason: null, ipRestricted };
}

/** A revoked or deleted key: the exchange no longer accepts it. */
export function revokedStanding(wasIpRestricted: boolean): KeyStanding {
  return { status: 'suspended', reason: 'EXCHANGE_AUTH_FAILED', ipRestricted: wasIpRestricted };
}

/** First 4 and last 4 characters: enough to recognise the key on the exchange's page. */
export function maskApiKey(apiKey: string): string {
  if (apiKey.length <= 8) return `${apiKey.slice(0, 2)}****`;
  return `${apiKey.slice(0, 4)}****${apiKey.slice(-4)}`;
}
