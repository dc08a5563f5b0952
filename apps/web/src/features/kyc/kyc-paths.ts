/** The member's KYC page, verbatim from routes.txt (the admins' pages are in AdminPaths). */
export const KycPaths = {
  nameVerification: '/pages/home/NameVerification',
} as const;
