import type { TMarketRow, TTickerEvent } from '@app/contracts';

/** Test data and a stand-in for the browser's EventSource (jsdom has none). */

export function row(
  symbol: string,
  last: string,
  change: string,
  extra: Partial<TMarketRow> = {},
): TMarketRow {
  const [pair = symbol] = symbol.split(':');
  const [base = '', quote = ''] = pair.split('/');
  return {
    symbol,
    base,
    quote,
    type: symbol.includes(':') ? 'perpetual' : 'spot',
    last,
    change24hPercent: change,
    quoteVolume24h: '1000000',
    favourite: false,
    ...extra,
  };
}

export const spotRows = [
  row('BTC/USDT', '90123.45', '2.31'),
  row('ETH/USDT', '3012.50', '-1.40'),
  row('SOL/USDT', '135.20', '0.00'),
  row('XRP/USDT', '2.1034', '0.50'),
  row('DOGE/USDT', '0.15123', '-0.20'),
  row('BNB/USDT', '880.10', '1.00'),
];

export const perpetualRows = [
  row('BTC/USDT:USDT', '90110.1', '2.20'),
  row('ETH/USDT:USDT', '3011.90', '-1.10', { favourite: true }),
];

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onerror: (() => void) | null = null;
  private readonly handlers = new Map<string, Array<(event: MessageEvent<string>) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, handler: (event: MessageEvent<string>) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server pushes prices. */
  push(event: TTickerEvent): void {
    for (const handler of this.handlers.get('tickers') ?? []) {
      handler(new MessageEvent('tickers', { data: JSON.stringify(event) }));
    }
  }

  /** The stream that is open now (the newest one not closed). */
  static current(): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED).at(-1);
  }
}
