import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';
import { filterSql, type ClickHouseQuery } from '../clickhouse-sql';
import { assembleCatalogue, PROPERTY_KEYS } from './catalogue-assembly';

/**
 * Every event name of the view in ClickHouse SQL on the event names per player and day (ADR 033,
 * 037): counts, distinct users, the latest event, and the property keys sent with it, sorted and
 * cut as on DuckDB.
 */
export async function clickHouseCatalogue(q: ClickHouseQuery, view: AnalyticsQuery): Promise<EventCatalogue> {
  return assembleCatalogue(
    await q.rows(
      `SELECT name, sum(events) AS count, uniqExact(user_id) AS users, max(last_ms) AS last,
         arraySlice(arraySort(groupUniqArrayArray(property_keys)), 1, ${PROPERTY_KEYS}) AS keys
       FROM ${q.nameDays(view)} WHERE ${filterSql(view)}
       GROUP BY name ORDER BY count DESC, name`,
    ),
  );
}
