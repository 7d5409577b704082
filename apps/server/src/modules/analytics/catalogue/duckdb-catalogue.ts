import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';
import { date, filterSql, Params, rangeSql, unfiltered, type DuckDbQuery } from '../duckdb-sql';
import { assembleCatalogue, PROPERTY_KEYS } from './catalogue-assembly';

/**
 * Every event name of the view from the rollups (issue 20): counts, users and the last event from
 * the names per user and day, the keys from the names' property keys; no event's JSON is read.
 * Unfiltered, a name's users are its user days whose previous day of it is before the range: no
 * DISTINCT over hundreds of thousands of (name, user) pairs.
 */
export async function duckDbCatalogue(q: DuckDbQuery, view: AnalyticsQuery): Promise<EventCatalogue> {
  const params = new Params();
  const where = `${rangeSql(view)} AND ${filterSql(params, view)}`;
  const names = unfiltered(view)
    ? `SELECT name, sum(events)::DOUBLE AS count, (count(*) FILTER (WHERE previous_day IS NULL OR previous_day < ${date(view.from)}))::DOUBLE AS users,
         epoch_ms(max(last_ts))::DOUBLE AS last
       FROM ${q.t.nameUserDays} WHERE ${rangeSql(view)} GROUP BY name`
    : `SELECT name, sum(events)::DOUBLE AS count, count(*)::DOUBLE AS users, epoch_ms(max(last_ts))::DOUBLE AS last FROM (
         SELECT name, uid, sum(events) AS events, max(last_ts) AS last_ts FROM ${q.t.nameDays} WHERE ${where} GROUP BY name, uid
       ) GROUP BY name`;
  const rows = await q.rows(
    `WITH names AS (${names}), keys AS (
       SELECT name, list(key ORDER BY key)[1:${PROPERTY_KEYS}] AS keys FROM (
         SELECT DISTINCT name, key FROM ${q.t.nameProperties} WHERE ${where}
       ) GROUP BY name
     )
     SELECT n.*, k.keys FROM names n LEFT JOIN keys k USING (name) ORDER BY count DESC, name`,
    params,
  );
  return assembleCatalogue(rows);
}
