/** The admin area's deep links (hash routes), outside the member pages of routes.txt. */
export const AdminPaths = {
  root: '/admin',
  withdrawals: '/admin/withdrawals',
  members: '/admin/members',
  money: '/admin/money',
  rules: '/admin/rules',
  audit: '/admin/audit',
} as const;
