import { churnQuietFrom, LEVEL_EVENTS, type Levels, type LevelsQuery } from '@questboard/shared/analytics-levels';
import { literal, literalList } from '../../events/clickhouse/clickhouse-http';
import { filterSql, num, rangeSql, type ClickHouseQuery } from '../clickhouse-sql';
import { text } from '../duckdb-sql';
import { numberPropertySql, quantileContSql, textPropertySql } from '../clickhouse-game-sql';
import { assembleLevels, type LevelFigures } from './levels-assembly';

/**
 * The level table (docs/product/metrics.md#level-progression) in ClickHouse SQL on the
 * deduplicated events (ADR 033; ADR 037 says why no rollup): the range's progression events that match the
 * filters, grouped by level; the figures per level come from levels-assembly.ts. A player's last
 * level seen is the level of their latest event with one (argMax by time, receipt, insert_id);
 * they churned there when they sent no event at all on the quiet days.
 */
export async function clickHouseLevels(q: ClickHouseQuery, query: LevelsQuery): Promise<Levels> {
  const quietFrom = churnQuietFrom(query.to);
  const progression = `(SELECT user_id, name, ts_ms, received_ms, insert_id, ${textPropertySql('level')} AS level,
      if(name = ${literal(LEVEL_EVENTS.complete)}, ${numberPropertySql('duration_s')}, NULL) AS duration
    FROM ${q.eventsOn(query)} WHERE name IN ${literalList(Object.values(LEVEL_EVENTS))} AND ${rangeSql(query)} AND ${filterSql(query)})`;
  const [figures, churned] = await Promise.all([
    q.rows(
      `SELECT level, countIf(name = ${literal(LEVEL_EVENTS.start)}) AS starts, countIf(name = ${literal(LEVEL_EVENTS.complete)}) AS completes,
         countIf(name = ${literal(LEVEL_EVENTS.fail)}) AS fails, uniqExact(user_id) AS players,
         ${quantileContSql('arraySort(groupArrayIf(assumeNotNull(duration), isNotNull(duration)))', 0.5)} AS median_duration
       FROM ${progression} GROUP BY level`,
    ),
    q.rows(
      // (An alias never takes a column's name: 18.16 would read the alias in the WHERE.)
      `SELECT last_level AS level, count() AS churned FROM (
         SELECT user_id, argMax(assumeNotNull(level), (ts_ms, received_ms, insert_id)) AS last_level FROM ${progression}
         WHERE isNotNull(level) GROUP BY user_id
       ) WHERE user_id NOT IN (SELECT user_id FROM ${q.eventsOn({ from: quietFrom, to: query.to })}) GROUP BY last_level`,
    ),
  ]);
  const churnedAt = new Map(churned.map((row) => [text(row.level), num(row.churned)]));
  return assembleLevels(
    figures.map(
      (row): LevelFigures => ({
        level: text(row.level),
        starts: num(row.starts),
        completes: num(row.completes),
        fails: num(row.fails),
        medianDurationS: row.median_duration === null ? null : num(row.median_duration),
        players: num(row.players),
        churned: row.level === null ? 0 : (churnedAt.get(text(row.level)) ?? 0),
      }),
    ),
    query,
  );
}
