import { randomInt } from 'node:crypto';
import { sessionsSql } from '../../analytics/clickhouse-sql';
import { literal, type ClickHouseHttp, type Row } from './clickhouse-http';
import { dedupedEventsSql } from './clickhouse-schema';
import { ROLLUP_TABLES, rollupColumnNames, type RollupTable } from './clickhouse-rollup-schema';

// The ClickHouse rollups (ADR 037): each project's player days, purchases, event names per player
// and day, and sessions, computed from the deduplicated events a day at a time, so the overview,
// players, revenue, retention, engagement and event-list pages read them instead of every event.
//
// Exact without any writer's help, so any number of processes may ingest: a refresh compares each
// day's events as stored (their number, the sum of their `keep` and the latest receipt: any insert,
// delete or merge that removes a duplicate changes them) with the figures the day's rollup was
// computed from, recomputes the days that differ under a new generation, then points
// `rollup_state` at it. Reads take only the current generation's rows, so a day being rewritten is
// read as it was until its new rows are all in. Superseded rows are deleted some minutes later, once
// no read can still be using them.

/** Days recomputed by one statement per table: the GROUP BY of a week of a large game stays in memory. */
const DAYS_PER_STEP = 7;
/** How long a superseded generation stays (a read or refresh that began before it was superseded finishes well within it). */
export const GARBAGE_DELAY_MS = 10 * 60_000;

/** Where the rollups' rows are deleted: each node's own table (a Distributed table takes no ALTER … DELETE). */
export interface RollupDeleteTarget {
  http: ClickHouseHttp;
  table: (table: RollupTable) => string;
  mutationsDone: (table: string) => Promise<void>;
}

interface DayState {
  generation: number;
  events: number;
  keeps: string;
  received: number;
}

type Kind = 'days' | 'sessions';

/** How many instances' generations a millisecond holds apart. */
export const GENERATION_TAGS = 1000;

/**
 * The generation a refresh writes under: the time in ms times GENERATION_TAGS plus the instance's
 * tag, and past the instance's last one. Later refreshes get greater generations (ADR 037), far
 * below 2^53. Two processes refreshing the same days in the same millisecond write under different
 * generations (the state keeps the greater, and a read takes only its rows), unless they drew the
 * same tag (1 in 1,000 pairs); with a plain time both wrote under one generation, and a read
 * counted the day twice.
 */
export function nextGeneration(last: number, nowMs: number, tag: number): number {
  return Math.max(last + GENERATION_TAGS, nowMs * GENERATION_TAGS + tag);
}

const DAY_TABLES = [ROLLUP_TABLES.userDays, ROLLUP_TABLES.purchases, ROLLUP_TABLES.nameDays] as const;

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const dayList = (days: Iterable<string>) => `(${[...days].map((day) => `toDate(${literal(day)})`).join(', ')})`;

export class ClickHouseRollups {
  private readonly slots = new Map<string, { running: Promise<void> | null; queued: Promise<void> | null }>();
  private readonly garbageTimers = new Map<string, NodeJS.Timeout>();
  /** Per project, the events table's parts when its rollups were last found up to date. */
  private readonly freshAt = new Map<string, string>();
  /** Whether the events table is a local one, whose parts are its rows (not a cluster's Distributed table). */
  private local: Promise<boolean> | null = null;
  private lastGeneration = 0;
  /** This instance's last three digits of every generation it writes (see `nextGeneration`): drawn at random. */
  private readonly tag: number;

  constructor(
    /** Reads and writes (through the Distributed tables on a cluster). */
    private readonly http: ClickHouseHttp,
    private readonly events: string,
    private readonly deleteOn: RollupDeleteTarget[],
    private readonly options: { garbageDelayMs?: number; generationTag?: number } = {},
  ) {
    this.tag = options.generationTag ?? randomInt(GENERATION_TAGS);
  }

  private get garbageDelayMs(): number {
    return this.options.garbageDelayMs ?? GARBAGE_DELAY_MS;
  }

  /**
   * The events table's active parts as one value: any insert, merge or mutation replaces a part
   * (a new name), so the same value means the same rows. Null on a cluster (the parts are the
   * nodes', not the Distributed table's).
   */
  private async partsSignature(): Promise<string | null> {
    this.local ??= this.http
      .rows(`SELECT engine FROM system.tables WHERE database = ${literal(this.http.database)} AND name = ${literal(this.events)}`)
      .then(([row]) => row?.engine !== 'Distributed')
      .catch((error: unknown) => {
        this.local = null;
        throw error;
      });
    if (!(await this.local)) return null;
    const [row] = await this.http.rows(
      `SELECT toString(count()) AS parts, toString(sum(rows)) AS rows, toString(sum(cityHash64(name))) AS names FROM system.parts
       WHERE active AND database = ${literal(this.http.database)} AND table = ${literal(this.events)}`,
    );
    return `${String(row?.parts)}/${String(row?.rows)}/${String(row?.names)}`;
  }

  /**
   * Resolves once the project's rollups hold every event stored before the call. Calls while a
   * refresh runs share the one queued after it (which sees their events), so a stream of reads
   * runs at most two refreshes at once per process.
   */
  fresh(projectId: string): Promise<void> {
    let slot = this.slots.get(projectId);
    if (!slot) {
      slot = { running: null, queued: null };
      this.slots.set(projectId, slot);
    }
    const current = slot;
    if (current.queued) return current.queued;
    const start = (): Promise<void> => {
      const running = this.refresh(projectId).finally(() => {
        if (current.running === running) current.running = null;
        if (!current.running && !current.queued) this.slots.delete(projectId);
      });
      current.running = running;
      return running;
    };
    if (!current.running) return start();
    const queued = current.running
      .catch(() => undefined)
      .then(() => {
        current.queued = null;
        return start();
      });
    current.queued = queued;
    return queued;
  }

  private nextGeneration(): number {
    this.lastGeneration = nextGeneration(this.lastGeneration, Date.now(), this.tag);
    return this.lastGeneration;
  }

  private async refresh(projectId: string): Promise<void> {
    // Taken first: a change after it makes the next read compare the days again.
    const signature = await this.partsSignature();
    if (signature !== null && this.freshAt.get(projectId) === signature) return;
    await this.recomputeChanged(projectId);
    if (signature !== null) this.freshAt.set(projectId, signature);
  }

  private async recomputeChanged(projectId: string): Promise<void> {
    const project = literal(projectId);
    const [stored, states] = await Promise.all([
      this.http.rows(
        `SELECT toString(day) AS day, count() AS events, toString(sum(keep)) AS keeps, max(received_ms) AS received
         FROM ${this.events} WHERE project_id = ${project} GROUP BY day`,
      ),
      this.http.rows(`SELECT kind, toString(day) AS day, generation, events, keeps, received FROM ${ROLLUP_TABLES.state} FINAL WHERE project_id = ${project}`),
    ]);
    const now = new Map<string, DayState>(stored.map((row) => [String(row.day), dayState(row, 0)]));
    const state: Record<Kind, Map<string, DayState>> = { days: new Map(), sessions: new Map() };
    for (const row of states) state[row.kind === 'sessions' ? 'sessions' : 'days'].set(String(row.day), dayState(row, Number(row.generation)));
    const dirty = new Set<string>();
    for (const [day, figures] of now) {
      if (!sameFigures(state.days.get(day), figures)) dirty.add(day);
    }
    for (const [day, kept] of state.days) if (kept.events !== 0 && !now.has(day)) dirty.add(day);
    if (dirty.size === 0) return;
    const days = [...dirty].sort();
    let superseded = false;
    for (let index = 0; index < days.length; index += DAYS_PER_STEP) {
      const step = days.slice(index, index + DAYS_PER_STEP);
      superseded = (await this.recompute(projectId, step, now, state)) || superseded;
    }
    if (superseded) this.collectLater(projectId);
  }

  /** Recomputes the days (and the sessions starting on them or a day either side) under a new generation; answers whether a generation was superseded. */
  private async recompute(projectId: string, days: string[], now: Map<string, DayState>, state: Record<Kind, Map<string, DayState>>): Promise<boolean> {
    const generation = this.nextGeneration();
    const project = literal(projectId);
    // Written by position (no aliases: 18.16 reads an alias named like a column in the column's place).
    const prefix = `${project}, toUInt64(${generation})`;
    const events = dedupedEventsSql(this.events, project, `day IN ${dayList(days)}`);
    const insert = (table: RollupTable, select: string) => this.http.command(`INSERT INTO ${table} (${rollupColumnNames(table).join(', ')}) ${select}`);
    await insert(
      ROLLUP_TABLES.userDays,
      `SELECT ${prefix}, day, user_id, platform, country, app_version, events, tupleElement(first, 1), tupleElement(first, 2), tupleElement(first, 3), last
       FROM (SELECT day, user_id, platform, country, app_version, count() AS events, min((ts_ms, received_ms, insert_id)) AS first, max(ts_ms) AS last
         FROM ${events} GROUP BY day, user_id, platform, country, app_version)`,
    );
    await insert(
      ROLLUP_TABLES.purchases,
      `SELECT ${prefix}, day, user_id, platform, country, app_version, currency, product_id, sum(assumeNotNull(revenue_amount)), count()
       FROM ${events} WHERE revenue_amount > 0 GROUP BY day, user_id, platform, country, app_version, currency, product_id`,
    );
    await insert(
      ROLLUP_TABLES.nameDays,
      `SELECT ${prefix}, day, name, user_id, platform, country, app_version, count(), max(ts_ms), groupUniqArrayArray(property_keys)
       FROM ${events} GROUP BY day, name, user_id, platform, country, app_version`,
    );
    // A day's events can start, join or merge sessions starting the day before or after it, so those
    // days' sessions are recomputed too. The sessions starting on a day X are always computed from
    // the events of X - 1 to X + 1 alone (each event joins the three windows it is in, a window's
    // player is `X:user_id`): a day's sessions are the same whichever days are recomputed with it,
    // in a full build or after a merge (a session is not days long; ADR 037).
    const sessionDays = new Set(days.flatMap((day) => [shift(day, -1), day, shift(day, 1)]));
    const read = new Set([...sessionDays].flatMap((day) => [shift(day, -1), day, shift(day, 1)]));
    const windows = `(SELECT concat(toString(window_day), ':', player) AS user_id, session_id, ts_ms, received_ms, insert_id, day, platform, country, app_version
      FROM (SELECT user_id AS player, session_id, ts_ms, received_ms, insert_id, day, platform, country, app_version, window_day
        FROM ${dedupedEventsSql(this.events, project, `day IN ${dayList(read)}`)} ARRAY JOIN [day - 1, day, day + 1] AS window_day)
      WHERE window_day IN ${dayList(sessionDays)})`;
    await insert(
      ROLLUP_TABLES.sessions,
      `SELECT ${prefix}, day, substring(user_id, 12), session_id, start_ms, end_ms, events, platform, country, app_version
       FROM ${sessionsSql(windows)} WHERE substring(user_id, 1, 10) = toString(day)`,
    );
    const rows: Row[] = [];
    let superseded = false;
    const point = (kind: Kind, day: string, figures: DayState) => {
      if (state[kind].has(day)) superseded = true;
      state[kind].set(day, { ...figures, generation });
      rows.push({ project_id: projectId, kind, day, generation, events: figures.events, keeps: figures.keeps, received: figures.received });
    };
    for (const day of days) point('days', day, now.get(day) ?? { generation, events: 0, keeps: '0', received: 0 });
    for (const day of sessionDays) point('sessions', day, { generation, events: 0, keeps: '', received: 0 });
    await this.http.insert(ROLLUP_TABLES.state, rows);
    return superseded;
  }

  private collectLater(projectId: string): void {
    if (this.garbageTimers.has(projectId)) return;
    const timer = setTimeout(() => {
      this.garbageTimers.delete(projectId);
      this.collectGarbage(projectId, Date.now() - this.garbageDelayMs).catch(() => undefined);
    }, this.garbageDelayMs + 1_000);
    timer.unref();
    this.garbageTimers.set(projectId, timer);
  }

  /**
   * Deletes the project's rows of generations that are not current and began before `before` (ms):
   * those a refresh still running may be writing are newer, the current ones are named.
   */
  async collectGarbage(projectId: string, before: number): Promise<void> {
    const project = literal(projectId);
    const rows = await this.http.rows(`SELECT kind, toString(day) AS day, generation FROM ${ROLLUP_TABLES.state} FINAL WHERE project_id = ${project}`);
    const current = (kind: Kind) => {
      const pairs = rows.filter((row) => (row.kind === 'sessions') === (kind === 'sessions'));
      return pairs.length === 0 ? '' : ` AND (day, generation) NOT IN (${pairs.map((row) => `(toDate(${literal(String(row.day))}), toUInt64(${Number(row.generation)}))`).join(', ')})`;
    };
    const cut = `project_id = ${project} AND generation < ${Math.floor(before) * GENERATION_TAGS}`;
    for (const target of this.deleteOn) {
      for (const table of [...DAY_TABLES, ROLLUP_TABLES.sessions]) {
        await target.http.command(`ALTER TABLE ${target.table(table)} DELETE WHERE ${cut}${current(table === ROLLUP_TABLES.sessions ? 'sessions' : 'days')}`);
      }
    }
    await this.mutationsDone();
  }

  /**
   * Drops the project's rollups, or only their days before `beforeDay` (its events of those days were
   * deleted): nothing of deleted events stays in them, and the next read recomputes what is missing.
   */
  async forget(projectId: string, beforeDay?: string): Promise<void> {
    // A refresh of this process that read the events before they were deleted writes first.
    const slot = this.slots.get(projectId);
    await slot?.queued?.catch(() => undefined);
    await slot?.running?.catch(() => undefined);
    this.freshAt.delete(projectId);
    const timer = this.garbageTimers.get(projectId);
    if (timer && beforeDay === undefined) {
      clearTimeout(timer);
      this.garbageTimers.delete(projectId);
    }
    const where = `project_id = ${literal(projectId)}${beforeDay === undefined ? '' : ` AND day < toDate(${literal(beforeDay)})`}`;
    for (const target of this.deleteOn) {
      for (const table of Object.values(ROLLUP_TABLES)) await target.http.command(`ALTER TABLE ${target.table(table)} DELETE WHERE ${where}`);
    }
    await this.mutationsDone();
  }

  private async mutationsDone(): Promise<void> {
    await Promise.all(this.deleteOn.flatMap((target) => Object.values(ROLLUP_TABLES).map((table) => target.mutationsDone(target.table(table)))));
  }

  close(): void {
    for (const timer of this.garbageTimers.values()) clearTimeout(timer);
    this.garbageTimers.clear();
  }
}

/** Whether a day's events are as they were when its rollup was computed. */
function sameFigures(kept: DayState | undefined, now: DayState): boolean {
  return kept?.events === now.events && kept.keeps === now.keeps && kept.received === now.received;
}

function dayState(row: Row, generation: number): DayState {
  return { generation, events: Number(row.events), keeps: String(row.keeps), received: Number(row.received) };
}
