/** The bot rental pages of routes.txt: demo4 is the Trade tab (packages), mytrade and Sales its sub-pages. */
export const RentalPaths = {
  packages: '/pages/trade/demo4',
  mine: '/pages/trade/mytrade',
  sales: '/pages/trade/Sales',
} as const;
