import { clickHouseForTests, startClickHouse } from '../../apps/server/test/clickhouse-cluster';
import { ClickHouseHttp, literal } from '../../apps/server/src/modules/events/clickhouse/clickhouse-http';

// `EVENT_STORE=clickhouse npm run bench -- ingest|analytics` (issue 18): the same cases on ClickHouse,
// printed beside DuckDB's of the same run. The server is CLICKHOUSE_URL's when set (a database the
// bench may fill and empty), else a throwaway one started like the tests' (clickhouse-cluster.ts).

/** Whether this run also measures ClickHouse. */
export const benchClickHouse = process.env.EVENT_STORE === 'clickhouse';

export interface BenchClickHouse {
  url: string;
  /** The project's events as stored (each insert_id once, `FINAL`) whose insert_id starts with `prefix` (no % or _ in it): all and distinct. */
  counts(projectId: string, prefix: string): Promise<{ stored: number; distinct: number }>;
  stop: () => Promise<void>;
}

export async function openBenchClickHouse(): Promise<BenchClickHouse> {
  let url = process.env.CLICKHOUSE_URL;
  let stop = (): Promise<void> => Promise.resolve();
  if (!url) {
    const command = clickHouseForTests();
    if (!command) throw new Error('EVENT_STORE=clickhouse needs CLICKHOUSE_URL or an installed clickhouse-server (apt-get install -y clickhouse-server).');
    const node = await startClickHouse(command);
    url = node.url;
    stop = () => node.stop();
  }
  const http = new ClickHouseHttp({ url, timeoutMs: 600_000 });
  return {
    url,
    counts: async (projectId, prefix) => {
      const [row] = await http.rows(
        `SELECT count() AS stored, uniqExact(insert_id) AS distinct_ids FROM events FINAL WHERE project_id = ${literal(projectId)} AND insert_id LIKE ${literal(`${prefix}%`)}`,
      );
      return { stored: Number(row?.stored ?? 0), distinct: Number(row?.distinct_ids ?? 0) };
    },
    stop,
  };
}
