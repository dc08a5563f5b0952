/** routes.txt has no path for the spec's vouchers screen (known from its label only): it gets one here. */
export const VoucherPaths = {
  list: '/pages/personal/vouchers',
} as const;
