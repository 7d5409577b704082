import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';
import { eventRangeSql, filterSql, iso, num, Params, type DuckDbQuery } from '../duckdb-sql';

const PROPERTY_KEYS = 50;

export async function duckDbCatalogue(q: DuckDbQuery, view: AnalyticsQuery): Promise<EventCatalogue> {
  const params = new Params();
  const where = `${eventRangeSql(view)} AND ${filterSql(params, view)}`;
  const rows = await q.rows(
    `WITH names AS (
       SELECT name, count(*)::DOUBLE AS count, count(DISTINCT user_id)::DOUBLE AS users, epoch_ms(max(ts))::DOUBLE AS last
       FROM ${q.t.events} WHERE ${where} GROUP BY name
     ), keys AS (
       SELECT name, list(key ORDER BY key)[1:${PROPERTY_KEYS}] AS keys FROM (
         SELECT DISTINCT name, unnest(json_keys(properties)) AS key FROM ${q.t.events} WHERE ${where} AND properties IS NOT NULL
       ) GROUP BY name
     )
     SELECT n.*, k.keys FROM names n LEFT JOIN keys k USING (name) ORDER BY count DESC, name`,
    params,
  );
  return {
    events: rows.map((row) => ({
      name: String(row.name),
      count: num(row.count),
      users: num(row.users),
      lastSeen: iso(row.last),
      propertyKeys: ((row.keys as string[] | null) ?? []).map(String),
    })),
  };
}
