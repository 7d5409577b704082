import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@questboard/shared/api-paths';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { docsThemeCss, docsThemeJs } from './docs-theme';

/**
 * Swagger UI's own policy, with the inline styles it sets at run time allowed, and without
 * `upgrade-insecure-requests` on an http:// APP_URL: there the browser would ask for the page's
 * scripts over https, which nothing serves (issue 21).
 */
export function docsContentSecurityPolicy(header: string, secureOrigin: boolean): string {
  const styled = header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline' https:");
  return secureOrigin ? styled : styled.replace(/\s*upgrade-insecure-requests;?/, '');
}

/**
 * The OpenAPI document is generated from the route schemas at runtime, never written by hand.
 * `/api/openapi.json` serves it; `/api/docs` is the interactive reference.
 */
export async function registerOpenApi(app: FastifyInstance, options: { appName: string; version: string; appUrl: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.appName} API`,
        version: options.version,
        description:
          'The HTTP API of a self-hosted Questboard: product calls under /core (Bearer ID token), the identity service under /auth/v1, and analytics ingestion under /ingest.',
      },
      servers: [{ url: options.appUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ingestKey: { type: 'apiKey', in: 'header', name: 'X-Ingest-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: apiPaths.system.docs.pattern,
    staticCSP: true,
    transformStaticCSP: (header) => docsContentSecurityPolicy(header, options.appUrl.startsWith('https://')),
    uiConfig: { deepLinking: false, tryItOutEnabled: false },
    theme: { css: [{ filename: 'accessible.css', content: docsThemeCss }], js: [{ filename: 'accessible.js', content: docsThemeJs }] },
  });
  app.get(apiPaths.system.openApi.pattern, { schema: { hide: true } }, async () => app.swagger());
}
