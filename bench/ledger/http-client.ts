import http from 'node:http';

export interface HttpReply {
  status: number;
  body: Record<string, unknown>;
}

/** A JSON client over keep-alive connections: at most `connections` sockets to the server. */
export function jsonClient(baseUrl: string, connections: number) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });

  function call(
    method: 'GET' | 'POST',
    path: string,
    o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpReply> {
    const payload = o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body));
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        { agent, host: base.hostname, port: base.port, method, path, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: Record<string, unknown> = {};
            try {
              body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
            } catch {
              body = { code: 'NOT_JSON', text: text.slice(0, 200) };
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  return {
    get: (path: string, token?: string) => call('GET', path, token ? { token } : {}),
    post: (path: string, body: unknown, o: { token?: string; headers?: Record<string, string> } = {}) =>
      call('POST', path, { ...o, body }),
    close: () => agent.destroy(),
  };
}

/** Thrown for a non-2xx answer, counted under "<status> <code>". */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`${status} ${code}`);
  }
}

export function expectOk(reply: HttpReply): HttpReply {
  if (reply.status < 200 || reply.status > 299) {
    throw new HttpFailure(reply.status, String(reply.body.code ?? 'UNKNOWN'));
  }
  return reply;
}
