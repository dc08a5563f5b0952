import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers';

describe('security headers worked out once', () => {
  it("are helmet's headers for the options, the CSP with its directives", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], frameSrc: ["'self'", 'https://ai.test'] },
      },
      frameguard: { action: 'sameorigin' },
    });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-src 'self' https://ai.test");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('are on every reply, errors and unknown routes included', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, {});
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('no');
    });
    for (const url of ['/ok', '/fails', '/missing']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
    }
    await app.close();
  });

  it("echo the request's id in the named header, on errors and unknown routes too", async () => {
    const app = Fastify({ genReqId: () => 'req-7' });
    registerSecurityHeaders(app, {}, { requestIdHeader: 'x-request-id' });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('no');
    });
    for (const url of ['/ok', '/fails', '/missing']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.headers['x-request-id'], url).toBe('req-7');
      expect(reply.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    await app.close();
  });
});
