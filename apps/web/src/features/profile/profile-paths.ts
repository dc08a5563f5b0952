/** The profile feature's routes (verbatim from routes.txt). */
export const ProfilePaths = {
  profile: '/pages/personal/profile',
  invite: '/pages/personal/InviteFriend',
  register: '/pages/register/register',
} as const;
