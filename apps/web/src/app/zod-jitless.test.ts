import { describe, expect, it, vi } from 'vitest';
import './zod-jitless';

describe('zod in the browser', () => {
  it('is jitless, and never tries `new Function` at its first parse', async () => {
    const tried = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    expect(tried).not.toHaveBeenCalled();
    tried.mockRestore();
  });
});
