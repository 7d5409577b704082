import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

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
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles at run time (its collapsible panels).
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline' https:"),
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
