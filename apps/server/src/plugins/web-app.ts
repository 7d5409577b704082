import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isServerPath } from '@questboard/shared/product';
import { sendNotFound } from './error-handler';

/**
 * Serves the built single-page app: hashed files under /assets for a year, everything else
 * revalidated, and index.html for every browser route (history fallback). Unknown paths under
 * the API prefixes stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const indexPath = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const built = webRoot !== undefined && indexPath !== undefined && fs.existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      cacheControl: false,
      // scripts/precompress.mjs writes .br and .gz beside each asset at build time.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webRoot }, 'The web app is not built; browser routes answer 503 until `npm run build` has run.');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(pathname);
    if (!isPage || path.extname(pathname) !== '') return sendNotFound(request, reply);
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The Questboard web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
