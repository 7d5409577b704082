import { noAnswerSchema } from '@questboard/shared/api-answer';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiClient } from '../api-client';
import { isApiError } from '../api-error';
import type { AuthClient } from './auth-client';
import { connectApiClient } from './auth-instance';

const clientWith = (token: string | null) =>
  ({
    currentUser: undefined,
    getIdToken: vi.fn(() => Promise.resolve(token)),
    signOut: vi.fn(() => Promise.resolve()),
    onAuthStateChanged: vi.fn(() => () => undefined),
    sendSignInLinkToEmail: vi.fn(),
    isSignInWithEmailLink: vi.fn(() => false),
    signInWithEmailLink: vi.fn(),
    signInWithGoogle: vi.fn(),
  }) satisfies AuthClient;

let unplug: (() => void) | null = null;
afterEach(() => {
  unplug?.();
  unplug = null;
});

// main.tsx plugs the app's AuthClient in before React renders, so the first page's calls can start
// ahead of AuthProvider (issue 20); AuthProvider plugs its client in the same way.
describe('connectApiClient', () => {
  it("gives the app's HTTP client its tokens and forced logout from the client plugged in", async () => {
    const client = clientWith(null);
    unplug = connectApiClient(client);
    const call = apiClient.get('/core/orgs/info', noAnswerSchema);
    await expect(call).rejects.toSatisfy((error) => isApiError(error, 401));
    expect(client.getIdToken).toHaveBeenCalledWith(false);
    // Nobody signed in: forced logout signs the plugged-in client out.
    await vi.waitFor(() => expect(client.signOut).toHaveBeenCalledOnce());
  });

  it('unplugs: afterwards the client is neither asked for tokens nor signed out', async () => {
    const client = clientWith(null);
    connectApiClient(client)();
    await expect(apiClient.get('/core/orgs/info', noAnswerSchema)).rejects.toSatisfy((error) => isApiError(error, 401));
    expect(client.getIdToken).not.toHaveBeenCalled();
    expect(client.signOut).not.toHaveBeenCalled();
  });
});
