/**
 * routes.txt has no path for the member's security activity (issue 17 adds it): it sits beside the other
 * personal pages, under Me.
 */
export const AccountPaths = {
  securityActivity: '/pages/personal/security-activity',
} as const;
