import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. The build leaves a `.br` and a `.gz` beside every compressible file
 * (apps/web/vite-precompress.ts); `preCompressed` makes @fastify/static pick the best one the browser
 * accepts (brotli first), send it with `Content-Encoding`, and add `Vary: Accept-Encoding` to every answer
 * it chose by that header, so a shared cache never hands brotli to a client that asked for none.
 * Only files under `root` are touched: API answers never pass through here and stay uncompressed.
 */
export async function registerWebStatic(app: FastifyInstance, root: string | undefined): Promise<void> {
  if (!root || !existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      // Vite names built assets by content hash: cache them for good; index.html must stay fresh.
      reply.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
