import { describeConnectorScenarios } from './connector-scenarios';

describeConnectorScenarios({
  exchange: 'binance',
  perpetualAmount: '0.01',
  // Binance lists no leverage limit with its markets; the connector reads the key's leverage brackets.
  listedMaxLeverage: null,
  maxLeverage: 125,
  statesFee: { queriedSpotOrder: false, perpetualOrder: false },
  isTradeHistory: (method, path) =>
    method === 'GET' && /^\/(api\/v3\/myTrades|fapi\/v1\/userTrades)$/.test(path),
  isOrderPlacement: (method, path) => method === 'POST' && /^\/(api\/v3|fapi\/v1)\/order$/.test(path),
});
