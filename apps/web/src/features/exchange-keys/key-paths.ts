/** The key pages' deep links, verbatim from routes.txt. */
export const KeyPaths = {
  trader: '/pages/personal/trader',
  unbind: '/pages/personal/Unbindapi',
} as const;
