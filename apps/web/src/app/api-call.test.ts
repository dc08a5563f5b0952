import { defineEndpoint } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from './api';
import { ApiError } from './api-error';

const ZNote = z.object({ id: z.string(), amount: z.string().transform((v) => Number(v)) });
const update = defineEndpoint({
  method: 'PUT',
  path: '/api/notes/:id/items/:item',
  params: z.object({ id: z.string(), item: z.string() }),
  query: z.object({ tag: z.string().optional(), page: z.coerce.number().optional() }),
  body: z.object({ text: z.string() }),
  response: ZNote,
});
const approve = defineEndpoint({
  method: 'POST',
  path: '/api/notes/approve',
  response: { 200: ZNote, 202: z.object({ approvalId: z.string() }) },
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api.call(endpoint, input)', () => {
  it('fills the path params, sends the query and the JSON body, and parses the answer', async () => {
    const fetchMock = answer(200, { id: 'n 1', amount: '2.5' });
    const result = await api.call(update, {
      params: { id: 'n 1', item: 'a/b' },
      query: { tag: 'x', page: 2 },
      body: { text: 'hello' },
      idempotencyKey: 'k-1',
      silent: true,
    });
    expect(result).toEqual({ id: 'n 1', amount: 2.5 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/notes/n%201/items/a%2Fb?tag=x&page=2');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(JSON.stringify({ text: 'hello' }));
    expect((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toBe('k-1');
  });

  it('checks a 202 answer against the schema of that status', async () => {
    answer(202, { approvalId: 'ap-1' });
    await expect(api.call(approve, { silent: true })).resolves.toEqual({ approvalId: 'ap-1' });
  });

  it('refuses an answer that does not fit the response schema as INTERNAL', async () => {
    answer(200, { id: 1 });
    await expect(api.call(approve, { silent: true, handled: ['INTERNAL'] })).rejects.toMatchObject(
      new ApiError(200, 'INTERNAL'),
    );
  });
});
