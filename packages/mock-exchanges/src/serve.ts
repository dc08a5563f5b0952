import { type MockExchangeId, startMockExchange } from './mock-exchange';

/**
 * Starts one mock exchange on a fixed port for the demo and the e2e run, e.g.
 * `npx tsx packages/mock-exchanges/src/serve.ts binance 4100 KEY SECRET`, then
 * `EXCHANGE_API_URLS=binance=http://127.0.0.1:4100`. The key and secret are the ones the mock accepts
 * (defaults: mock-key / mock-secret). Rights can be switched while it runs (see --help).
 */
const [exchange = 'binance', port = '4100', apiKey = 'mock-key', secret = 'mock-secret', ...flags] =
  process.argv.slice(2);

if (exchange === '--help' || !['binance', 'bybit', 'gate'].includes(exchange) || !/^\d+$/.test(port)) {
  console.log('usage: serve.ts <binance|bybit|gate> <port> [apiKey] [secret] [--withdraw]');
  console.log('  --withdraw  the key reports withdrawal rights (the bind step must refuse it)');
  process.exit(exchange === '--help' ? 0 : 1);
}

const mock = await startMockExchange(exchange as MockExchangeId, { apiKey, secret }, Number(port));
if (flags.includes('--withdraw')) mock.setKeyRights({ withdraw: true });
// No request is logged: they carry the key and its signature.
console.log(`mock ${exchange} listening on ${mock.url}`);

const stop = async () => {
  await mock.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
