import { describeConnectorScenarios } from '../../../../test/connector-scenarios';

describeConnectorScenarios({
  exchange: 'bybit',
  perpetualAmount: '0.01',
  listedMaxLeverage: 100,
  maxLeverage: 100,
  statesFee: { queriedSpotOrder: true, perpetualOrder: true },
  isTradeHistory: (method, path) => method === 'GET' && path === '/v5/execution/list',
  isOrderPlacement: (method, path) => method === 'POST' && path === '/v5/order/create',
});
