// Every answer is read through its shared schema (ADR 017), against a real local HTTP server.
import { noAnswerSchema } from '@questboard/shared/api-answer';
import { type Organisation, organisationSchema } from '@questboard/shared/organisations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestClient } from '../testing/api-client-harness';
import { type HttpTestServer, startHttpTestServer } from '../testing/http-test-server';
import { ApiError, MALFORMED_ANSWER_CODE, MALFORMED_ANSWER_MESSAGE } from './api-error';

let server: HttpTestServer;

beforeEach(async () => {
  server = await startHttpTestServer();
});

afterEach(async () => {
  await server.close();
});

const acme = { id: '0b3f7c44-5a8e-4c43-9d0e-2f6f4ad3a0f1', name: 'Acme Games', role: 'owner', isActive: true, createdAt: '2026-03-01T10:00:00.000Z', memberCount: 3 };

describe('an answer with its schema', () => {
  it('resolves to the parsed answer, typed by the schema', async () => {
    const { client } = createTestClient(server.url);
    server.script([{ status: 200, body: acme }]);
    const organisation: Organisation = await client.get('/core/orgs/info', organisationSchema);
    expect(organisation).toEqual(organisationSchema.parse(acme));
  });

  it('reads through a schema imported on first use (the sign-in path keeps zod out of its first download)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = createTestClient(server.url);
    server.script([{ status: 200, body: acme }, { status: 200, body: { id: 'not a uuid' } }]);
    const lazy = () => import('@questboard/shared/organisations').then((schemas) => schemas.organisationSchema);
    const organisation: Organisation = await client.get('/core/orgs/info', lazy);
    expect(organisation.memberCount).toBe(3);
    await expect(client.get('/core/orgs/info', lazy)).rejects.toMatchObject({ code: MALFORMED_ANSWER_CODE });
  });

  it('takes a 204 as no answer when the call says it has none', async () => {
    const { client } = createTestClient(server.url);
    server.script([{ status: 204 }]);
    await expect(client.delete('/core/orgs/members/u1', noAnswerSchema)).resolves.toBeUndefined();
  });
});

describe('a malformed answer', () => {
  it('rejects with a clear malformed_answer error, logs the call and the issue, and is not retried', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, time } = createTestClient(server.url);
    server.script([{ status: 200, body: { ...acme, name: 42 } }]);
    const error = await client.get('/core/orgs/info', organisationSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: MALFORMED_ANSWER_CODE, message: MALFORMED_ANSWER_MESSAGE, status: undefined, isNetworkError: false });
    expect(server.requests).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
    expect(log).toHaveBeenCalledExactlyOnceWith('Malformed answer from GET /core/orgs/info', expect.stringContaining('name'));
  });

  it('refuses a body where the call declared none, and text where JSON was expected', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = createTestClient(server.url);
    server.script([
      { status: 200, body: { surprise: true } },
      { status: 200, body: '<html>proxy error</html>', headers: { 'content-type': 'text/html' } },
    ]);
    await expect(client.post('/core/orgs/leave', noAnswerSchema)).rejects.toMatchObject({ code: MALFORMED_ANSWER_CODE });
    await expect(client.get('/core/orgs/info', organisationSchema)).rejects.toMatchObject({ code: MALFORMED_ANSWER_CODE });
  });
});

describe('an unvalidated read', () => {
  it('does not compile: every call names its schema, and no type argument can stand in for one', () => {
    const { client } = createTestClient(server.url);
    const calls = [
      // @ts-expect-error a read without a schema
      () => client.get('/core/orgs/info'),
      // @ts-expect-error a cast through a type argument
      () => client.get<Organisation>('/core/orgs/info', organisationSchema),
      // @ts-expect-error a body alone is no answer schema
      () => client.post('/core/orgs', { name: 'Acme' }),
      async () => {
        // @ts-expect-error the answer has the schema's type, not any
        const count: number = await client.get('/core/orgs/info', organisationSchema);
        return count;
      },
    ];
    expect(calls).toHaveLength(4);
  });
});
