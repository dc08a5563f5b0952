/** The admin area's deep links (hash routes), outside the member pages of routes.txt. */
export const AdminPaths = {
  root: '/admin',
  /** Outside the admin layout: a staff session without a second factor may open nothing else. */
  enrol: '/admin/enrol',
  withdrawals: '/admin/withdrawals',
  deposits: '/admin/deposits',
  reconciliation: '/admin/reconciliation',
  payouts: '/admin/payouts',
  members: '/admin/members',
  money: '/admin/money',
  rules: '/admin/rules',
  audit: '/admin/audit',
  content: '/admin/content',
  support: '/admin/support',
  supportThread: '/admin/support/:id',
  kyc: '/admin/kyc',
  kycReview: '/admin/kyc/:id',
  botPackages: '/admin/bot-packages',
  managedAccounts: '/admin/managed-accounts',
  vouchers: '/admin/vouchers',
  mining: '/admin/mining',
  bonuses: '/admin/bonuses',
} as const;
