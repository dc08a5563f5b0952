import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a mock exchange sees it: raw query and body, because signatures are over the raw text. */
export interface MockRequest {
  method: string;
  path: string;
  /** The query string as sent, without the leading "?". */
  rawQuery: string;
  query: URLSearchParams;
  rawBody: string;
  headers: IncomingHttpHeaders;
  /** The status the mock answered with, once it has: a failing test's message can say what came back. */
  answered?: number;
}

export interface MockResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = (request: MockRequest) => MockResponse;

/** A node:http server on 127.0.0.1 at a free port, answering JSON. Every request is kept for the tests. */
export async function listenMock(handler: MockHandler, port = 0) {
  const seen: MockRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rawQuery = (req.url ?? '').includes('?')
        ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1)
        : '';
      const request: MockRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        rawQuery,
        query: url.searchParams,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
      };
      seen.push(request);
      let response: MockResponse;
      try {
        response = handler(request);
      } catch (error) {
        response = { status: 500, body: { error: String(error) } };
      }
      request.answered = response.status;
      res.writeHead(response.status, { 'content-type': 'application/json', ...response.headers });
      res.end(JSON.stringify(response.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests: seen,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
