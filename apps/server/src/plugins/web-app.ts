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
export async function registerWebApp(app: FastifyInstance, options: { webRoot: string | undefined; appName: string }) {
  const { webRoot } = options;
  const indexPath = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const built = webRoot !== undefined && indexPath !== undefined && fs.existsSync(indexPath);
  const indexHtml = built ? renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), options.appName) : '';
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      cacheControl: false,
      // scripts/precompress.mjs writes .br and .gz beside each asset at build time.
      preCompressed: true,
      // index.html is rendered with APP_NAME below, never sent as the raw file.
      allowedPath: (pathname) => pathname !== '/index.html',
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
    if (!isPage || (path.extname(pathname) !== '' && pathname !== '/index.html')) return sendNotFound(request, reply);
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The Questboard web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Writes the configured product name into the page's title and application-name tag. */
export function renderIndexHtml(html: string, appName: string): string {
  const escaped = appName.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escaped}</title>`)
    .replace(/<meta name="application-name" content="[^"]*"/, `<meta name="application-name" content="${escaped}"`);
}
