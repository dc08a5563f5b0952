import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLogger } from './logger';

/** An app logging through createLogger at `level` with the request logger, and the lines it wrote. */
function appAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger(level, { write: (line) => lines.push(JSON.parse(line)) });
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: requestLogger,
    genReqId: (request) => String(request.headers['x-trace']),
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.info({ step: 1 }, 'detail');
    request.log.warn({ password: 'hunter2', step: 2 }, 'careful');
    request.log.child({ part: 'inner' }).error('inner failed');
    return { ok: true };
  });
  app.get('/own-level', { logLevel: 'debug' }, async (request) => {
    request.log.debug('route debug');
    return { ok: true };
  });
  return { app, lines };
}

describe('the request logger', () => {
  it('writes the lines its level lets through, each with reqId, redacted as before', async () => {
    const { app, lines } = appAt('warn');
    expect((await app.inject({ url: '/warns', headers: { 'x-trace': 'r-1' } })).statusCode).toBe(200);
    expect(lines.map((l) => [l.msg, l.reqId, l.part])).toEqual([
      ['careful', 'r-1', undefined],
      ['inner failed', 'r-1', 'inner'],
    ]);
    expect(lines[0]!.password).toBe('[redacted]');
    await app.close();
  });

  it("writes nothing for a request whose lines are all below the level, Fastify's own included", async () => {
    const { app, lines } = appAt('warn');
    await app.inject({ url: '/quiet', headers: { 'x-trace': 'r-2' } });
    expect(lines).toEqual([]);
    await app.close();
  });

  it("at info writes Fastify's request lines and the route's, each with reqId", async () => {
    const { app, lines } = appAt('info');
    await app.inject({ url: '/warns', headers: { 'x-trace': 'r-3' } });
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['incoming request', 'r-3'],
      ['detail', 'r-3'],
      ['careful', 'r-3'],
      ['inner failed', 'r-3'],
      ['request completed', 'r-3'],
    ]);
    await app.close();
  });

  it('honours a route of its own level', async () => {
    const { app, lines } = appAt('warn');
    await app.inject({ url: '/own-level', headers: { 'x-trace': 'r-4' } });
    expect(lines.map((l) => [l.msg, l.reqId])).toContainEqual(['route debug', 'r-4']);
    await app.close();
  });
});
