/** The team pages: verbatim from routes.txt. */
export const TeamPaths = {
  placementTree: '/pages/personal/SponsorTreeOne',
  sponsorTree: '/pages/personal/SponsorTree2',
  affiliates: '/pages/personal/MyAffiliates',
  register: '/pages/register/register',
} as const;

/** The sign-up page with an empty slot's sponsor, placement and side filled in (RegisterPage reads them). */
export function signUpLink(slot: { sponsor: string; placement: string; side: 'left' | 'right' }): string {
  const query = new URLSearchParams({ sponsor: slot.sponsor, placement: slot.placement, side: slot.side });
  return `${TeamPaths.register}?${query.toString()}`;
}
