import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can go silent: `silence()` stops passing bytes either way on the
 * connections it carries, without closing them, as a network path that drops packets does (TCP notices
 * only after minutes). Connections made afterwards pass again.
 */
export async function startSilentProxy(target: { host: string; port: number }) {
  const pairs: Array<{ client: Socket; server: Socket }> = [];
  const silent: Array<{ client: Socket; server: Socket }> = [];
  const proxy = createServer((client) => {
    const server = tcpConnect(target.port, target.host);
    const pair = { client, server };
    pairs.push(pair);
    client.pipe(server);
    server.pipe(client);
    const close = () => {
      client.destroy();
      server.destroy();
    };
    client.on('error', close);
    server.on('error', close);
    client.on('close', close);
    server.on('close', close);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    /** Connections open now stop carrying bytes (both ways) and are never closed by the proxy. */
    silence(): void {
      for (const pair of pairs.splice(0)) {
        const { client, server } = pair;
        silent.push(pair);
        client.unpipe(server);
        server.unpipe(client);
        client.pause();
        server.pause();
      }
    },
    async close(): Promise<void> {
      for (const { client, server } of [...pairs.splice(0), ...silent.splice(0)]) {
        client.destroy();
        server.destroy();
      }
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
