import { describe, expect, it } from 'vitest';
import { docsContentSecurityPolicy } from './openapi';

// What @fastify/swagger-ui sends with `staticCSP: true` (its script hashes shortened).
const swaggerUiPolicy =
  "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; frame-ancestors 'self'; img-src 'self' data: validator.swagger.io; object-src 'none'; script-src 'self' 'sha256-x'; script-src-attr 'none'; style-src 'self' https: 'sha256-y'; upgrade-insecure-requests;";

describe('docsContentSecurityPolicy', () => {
  it('leaves upgrade-insecure-requests out on an http:// APP_URL (issue 21)', () => {
    const policy = docsContentSecurityPolicy(swaggerUiPolicy, false);
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(policy).toMatch(/style-src 'self' 'unsafe-inline' https: 'sha256-y';$/);
  });

  it('keeps it on an https:// APP_URL', () => {
    expect(docsContentSecurityPolicy(swaggerUiPolicy, true)).toMatch(/style-src 'self' 'unsafe-inline' https: 'sha256-y'; upgrade-insecure-requests;$/);
  });
});
