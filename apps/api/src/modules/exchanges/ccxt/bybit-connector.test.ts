import { describeConnectorScenarios } from './connector-scenarios';

describeConnectorScenarios({
  exchange: 'bybit',
  perpetualAmount: '0.01',
  listedMaxLeverage: 100,
  maxLeverage: 100,
  statesFee: { queriedSpotOrder: true, perpetualOrder: true },
  isOrderPlacement: (method, path) => method === 'POST' && path === '/v5/order/create',
});
