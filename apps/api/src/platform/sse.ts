import type { FastifyReply } from 'fastify';

export interface EventStream {
  /** Writes one `event: <name>` with its JSON data; nothing once the stream is closed. */
  send: (event: string, data: unknown) => void;
  /** Ends the stream from our side (shutdown). */
  end: () => void;
  /** Runs when the stream closes, from either side. */
  onClose: (listener: () => void) => void;
  readonly open: boolean;
}

/**
 * Turns the reply into a Server-Sent Events stream. A comment line every `heartbeatMs` keeps proxies and
 * load balancers from closing a quiet stream; `retry` tells the browser how soon to reconnect.
 */
export function openEventStream(
  reply: FastifyReply,
  { heartbeatMs = 25_000, retryMs = 3_000 }: { heartbeatMs?: number; retryMs?: number } = {},
): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold the events back in their buffer.
    'X-Accel-Buffering': 'no',
  });
  res.write(`retry: ${retryMs}\n\n`);
  let open = true;
  const listeners: Array<() => void> = [];
  const heartbeat = setInterval(() => {
    if (open) res.write(': heartbeat\n\n');
  }, heartbeatMs);
  // The response's close, not the request's: a GET's request stream ends as soon as it has been read.
  res.on('close', () => {
    open = false;
    clearInterval(heartbeat);
    for (const listener of listeners.splice(0)) listener();
  });
  return {
    send: (event, data) => {
      if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: () => {
      if (open) res.end();
      open = false;
    },
    onClose: (listener) => {
      if (open) listeners.push(listener);
      else listener();
    },
    get open() {
      return open;
    },
  };
}
