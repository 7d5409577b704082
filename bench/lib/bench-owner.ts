// The benches' one way to a signed-in owner: a real user and organisation through the product's
// own API on `base` (sign-in link from the dev mailbox, account, organisation).
export interface BenchOwner {
  idToken: string;
  organisationId: string;
}

export async function readJson<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function postTo(base: string) {
  return (url: string, body: unknown, token?: string) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

export async function signUpBenchOwner(base: string): Promise<BenchOwner> {
  const post = postTo(base);
  const email = `bench-${Date.now()}@studio.example`;
  await readJson(await post('/auth/v1/email-link/send', { email }));
  const { messages } = await readJson<{ messages: { text: string }[] }>(await fetch(`${base}/dev/mailbox/messages`));
  const link = new URL(messages[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
  const { idToken } = await readJson<{ idToken: string }>(
    await post('/auth/v1/email-link/complete', { email, oobCode: link.searchParams.get('oobCode'), apiKey: link.searchParams.get('apiKey'), mode: 'signIn' }),
  );
  await readJson(await post('/core/accounts/register', undefined, idToken));
  const organisation = await readJson<{ id: string }>(await post('/core/orgs', { name: 'Bench Studio' }, idToken));
  return { idToken, organisationId: organisation.id };
}
