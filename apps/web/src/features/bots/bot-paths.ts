/** The bot pages of routes.txt: Bot configures one, symbol lists the member's bots (one per market). */
export const BotPaths = {
  configure: '/pages/trade/Bot',
  list: '/pages/personal/symbol',
} as const;
