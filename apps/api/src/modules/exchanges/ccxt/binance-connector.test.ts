import { describeConnectorScenarios } from './connector-scenarios';

describeConnectorScenarios({
  exchange: 'binance',
  perpetualAmount: '0.01',
  // Binance lists no leverage limit with its markets; the connector reads the key's leverage brackets.
  listedMaxLeverage: null,
  maxLeverage: 125,
  statesFee: { queriedSpotOrder: false, perpetualOrder: false },
  isOrderPlacement: (method, path) => method === 'POST' && /^\/(api\/v3|fapi\/v1)\/order$/.test(path),
});
