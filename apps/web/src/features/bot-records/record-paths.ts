/** The records pages of routes.txt (/pages/trade/...): bot lists, orders, closed cycles and summaries. */
export const RecordPaths = {
  byExchange: '/pages/trade/Botlist',
  byMarketType: '/pages/trade/Botlist2',
  byStatus: '/pages/trade/Botlist3',
  orders: '/pages/trade/Recordtx',
  history: '/pages/trade/History',
  summary: '/pages/trade/summary',
  bySymbol: '/pages/trade/summaryDetails',
  byDay: '/pages/trade/summaryDetails2',
} as const;
