import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';
import { filterSql, rangeSql, type ClickHouseQuery } from '../clickhouse-sql';
import { assembleCatalogue, PROPERTY_KEYS } from './catalogue-assembly';

/**
 * Every event name of the view in ClickHouse SQL on the deduplicated events (ADR 033): counts,
 * distinct users, the latest event, and the property keys sent with it (from the `property_keys`
 * array, so no event's JSON is read), sorted and cut as on DuckDB.
 */
export async function clickHouseCatalogue(q: ClickHouseQuery, view: AnalyticsQuery): Promise<EventCatalogue> {
  return assembleCatalogue(
    await q.rows(
      `SELECT name, count() AS count, uniqExact(user_id) AS users, max(ts_ms) AS last,
         arraySlice(arraySort(groupUniqArrayArray(property_keys)), 1, ${PROPERTY_KEYS}) AS keys
       FROM ${q.eventsOn(view)} WHERE ${rangeSql(view)} AND ${filterSql(view)}
       GROUP BY name ORDER BY count DESC, name`,
    ),
  );
}
