/**
 * The mining pages. routes.txt has no path for them: the spec knows mining and inventory from labels only
 * (the Mining tab of its second tab set), so these sit beside the spec's own paths under /pages/mining/.
 */
export const MiningPaths = {
  packages: '/pages/mining/packages',
  stock: '/pages/mining/stock',
  stockRecords: '/pages/mining/stockrecord',
  sales: '/pages/mining/sales',
} as const;
