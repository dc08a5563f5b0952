import { defineEndpoint } from '@app/contracts';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from './endpoint-route';
import { registerErrorHandler } from './error-handler';
import { textSafeValidatorCompiler } from './validation';

const ZNote = z.object({ id: z.uuid(), text: z.string(), tag: z.string().optional() });
const Notes = {
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/notes/:id',
    params: z.object({ id: z.uuid() }),
    query: z.object({ tag: z.string().optional() }),
    body: z.object({ text: z.string().min(1) }),
    response: ZNote,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/notes/:id/approve',
    params: z.object({ id: z.uuid() }),
    response: { 200: ZNote, 202: z.object({ approvalId: z.string() }) },
  }),
};
const ID = '0b7f8a2e-6d0c-4f7e-9d55-2a4c1c7e9a10';

async function appWith() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(textSafeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const seen: Array<{ method: string; url: string; access: unknown; schemaKeys: string[] }> = [];
  app.addHook('onRoute', (options) => {
    seen.push({
      method: String(options.method),
      url: options.url,
      access: options.config?.access,
      schemaKeys: Object.keys(options.schema ?? {}).sort(),
    });
  });
  route(app, Notes.update, {
    config: { access: 'public' },
    tags: ['notes'],
    handler: (request) => ({ id: request.params.id, text: request.body.text, tag: request.query.tag }),
  });
  route(app, Notes.approve, {
    config: { access: 'public' },
    handler: (request, reply) => {
      reply.code(202);
      return { approvalId: `a-${request.params.id.slice(0, 4)}` };
    },
  });
  await app.ready();
  return { app, seen };
}

describe('route(app, endpoint, options)', () => {
  it('registers the method, path, config and every schema of the definition', async () => {
    const { app, seen } = await appWith();
    expect(seen).toEqual([
      {
        method: 'PUT',
        url: '/api/notes/:id',
        access: 'public',
        schemaKeys: ['body', 'params', 'querystring', 'response', 'tags'],
      },
      { method: 'POST', url: '/api/notes/:id/approve', access: 'public', schemaKeys: ['params', 'response'] },
    ]);
    const reply = await app.inject({
      method: 'PUT',
      url: `/api/notes/${ID}?tag=x`,
      payload: { text: 'hello' },
    });
    expect([reply.statusCode, reply.json()]).toEqual([200, { id: ID, text: 'hello', tag: 'x' }]);
    await app.close();
  });

  it('answers a bad body or bad params with the 400 VALIDATION_FAILED shape', async () => {
    const { app } = await appWith();
    const badBody = await app.inject({ method: 'PUT', url: `/api/notes/${ID}`, payload: { text: '' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ path: 'text' }] },
    });
    const badParams = await app.inject({ method: 'PUT', url: '/api/notes/nope', payload: { text: 'x' } });
    expect([badParams.statusCode, badParams.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    await app.close();
  });

  it('serialises a second status of a response map with its own schema', async () => {
    const { app } = await appWith();
    const reply = await app.inject({ method: 'POST', url: `/api/notes/${ID}/approve` });
    expect([reply.statusCode, reply.json()]).toEqual([202, { approvalId: 'a-0b7f' }]);
    await app.close();
  });
});
