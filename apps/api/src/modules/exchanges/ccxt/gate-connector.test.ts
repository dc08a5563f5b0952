import { describeConnectorScenarios } from '../../../../test/connector-scenarios';

describeConnectorScenarios({
  exchange: 'gate',
  // Gate's BTC perpetual counts whole contracts of 0.0001 BTC: 100 contracts are 0.01 BTC.
  perpetualAmount: '100',
  listedMaxLeverage: 100,
  maxLeverage: 100,
  statesFee: { queriedSpotOrder: true, perpetualOrder: false },
  isTradeHistory: (method, path) => method === 'GET' && /my_trades/.test(path),
  isOrderPlacement: (method, path) =>
    method === 'POST' && /^\/api\/v4\/(spot|futures\/usdt)\/orders$/.test(path),
});
