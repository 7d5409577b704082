import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers';

describe('security headers computed once', () => {
  const options = {
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' as const },
    strictTransportSecurity: false as const,
  };

  it("are helmet's own headers for the options", () => {
    expect(helmetHeaders(options)['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(helmetHeaders(options)).toMatchObject({
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(helmetHeaders(options)).not.toHaveProperty('strict-transport-security');
    expect(helmetHeaders({ ...options, strictTransportSecurity: { maxAge: 100 } })).toHaveProperty(
      'strict-transport-security',
      'max-age=100; includeSubDomains',
    );
  });

  it('refuse directives that depend on the request', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/functions of the request/);
  });

  it('go on every answer: a route, a 404 and an error', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, options);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/missing', '/fails']) {
      const response = await app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    await app.close();
  });
});
