import { liveCases } from '@questboard/shared/live-cases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchLiveValues } from './live-agreement';
import { IngestStandIn, TEST_KEY } from './testing/ingest-stand-in';

// The shared table through the SDK's own request against a stand-in that evaluates with the shared
// code; the server's delivery test runs the same helper against the real route.
describe('the shared table of live cases, as the SDK fetches it', () => {
  let server: IngestStandIn;
  beforeAll(async () => {
    server = await IngestStandIn.start();
  });
  afterAll(() => server.close());

  it.each(liveCases)('$name', async ({ snapshot, at, players }) => {
    server.live.publish(snapshot);
    server.live.now = Date.parse(at);
    const values = await fetchLiveValues({ endpoint: server.endpoint, key: TEST_KEY }, players.map((entry) => entry.player));
    expect(values).toEqual(players.map((entry) => entry.values));
  });

  it('says which player failed and how', async () => {
    await expect(fetchLiveValues({ endpoint: server.endpoint, key: 'qbk_wrong' }, [{ userId: 'p1' }])).rejects.toThrow(/^player p1: .*"refused"/u);
    await expect(fetchLiveValues({ endpoint: 'ftp://x', key: TEST_KEY }, [])).rejects.toThrow('not an http(s) endpoint: ftp://x');
  });
});
