import { afterEach, describe, expect, it, vi } from 'vitest';
import { processEmailLinkOnce, resetProcessedEmailLinks } from './email-link-processing';

const link = 'http://localhost/auth/callback?apiKey=k&oobCode=abc&mode=signIn&lang=en';

describe('processEmailLinkOnce', () => {
  afterEach(() => {
    resetProcessedEmailLinks();
    vi.useRealTimers();
  });

  it('waits 100 ms, then completes the link exactly once', async () => {
    vi.useFakeTimers();
    const complete = vi.fn(() => Promise.resolve());
    const first = processEmailLinkOnce(link, complete);
    const second = processEmailLinkOnce(link, complete);
    await vi.advanceTimersByTimeAsync(99);
    expect(complete).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('ignores a URL that is not a sign-in link', async () => {
    const complete = vi.fn(() => Promise.resolve());
    expect(await processEmailLinkOnce('http://localhost/auth/callback?mode=signIn', complete)).toBe(false);
    expect(complete).not.toHaveBeenCalled();
  });
});
