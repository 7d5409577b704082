// The developer page's calls, kept in memory behind the real local test server (testing/
// app-api-server.ts): the page's real HTTP client talks to it, and a test can POST events to its
// ingestion endpoint the way a game would. It follows the server's contract (apps/server/src/modules/
// {ingestion,events,demo}), not its storage.
import {
  DEMO_PLAYERS_DEFAULT,
  MAX_ACTIVE_INGEST_KEYS,
  createIngestKeyBodySchema,
  type DemoDataStatus,
  type IngestKey,
} from '@questboard/shared/developer';
import { type StoredEvent, validateEvent } from '@questboard/shared/events';
import type { Project } from '@questboard/shared/projects';

import type { ReplyScript, ScriptedReply } from '../../../testing/http-test-server';
import { aStoredEvent } from '../../../testing/stored-event';

export const lostLevels: Project = {
  id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
  name: 'Lost Levels',
  description: 'x'.repeat(150),
  identifier: 'lost-levels',
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
};

let keyNumber = 0;
export function anIngestKey(name: string, overrides: Partial<IngestKey> = {}): IngestKey {
  keyNumber += 1;
  const suffix = String(keyNumber).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${suffix}`,
    name,
    key: `qbk_${name.replace(/\W/gu, '') || 'key'}${'A'.repeat(24)}${suffix}`,
    kind: 'standard',
    createdAt: '2026-03-04T10:00:00.000Z',
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

export interface DeveloperApiOptions {
  keys?: IngestKey[];
  events?: StoredEvent[];
  demo?: Partial<DemoDataStatus>;
}

const error = (status: number, code: string, message: string): ScriptedReply => ({ status, body: { code, message } });

/** A stateful stand-in for the project's developer calls; `script` goes to server.script(). */
export function createDeveloperApi(project: Project, options: DeveloperApiOptions = {}) {
  const base = `/core/projects/${project.id}`;
  const keys = [...(options.keys ?? [anIngestKey('Default')])];
  const events = [...(options.events ?? [])];
  const demo = { state: 'idle' as DemoDataStatus['state'], players: 0, sentEvents: 0, error: null as string | null, ...options.demo };
  const failing = new Set<string>();

  const summary = () => ({
    totalEvents: events.length,
    demoEvents: events.filter((event) => event.demo).length,
    lastReceivedAt: events.map((event) => event.received_at).sort().at(-1) ?? null,
  });
  const demoStatus = (): DemoDataStatus => ({ ...demo, demoEvents: summary().demoEvents });

  const ingest = (presented: unknown, body: string): ScriptedReply => {
    const key = keys.find((candidate) => candidate.key === presented && candidate.revokedAt === null);
    if (!key) return error(401, 'INGEST_KEY_INVALID', 'This ingestion key is unknown or has been revoked.');
    const batch = JSON.parse(body) as { events: unknown[] };
    const rejected: { index: number; insert_id: string | null; reason: string }[] = [];
    batch.events.forEach((candidate, index) => {
      const verdict = validateEvent(candidate);
      if (verdict.reason !== undefined) {
        rejected.push({ index, insert_id: null, reason: verdict.reason });
        return;
      }
      const { event } = verdict;
      events.push(
        aStoredEvent({
          ...event,
          session_id: event.session_id ?? null,
          platform: event.platform ?? null,
          country: event.country ?? null,
          received_at: new Date().toISOString(),
          demo: key.kind === 'demo',
        }),
      );
    });
    key.lastUsedAt = new Date().toISOString();
    return { body: { accepted: batch.events.length - rejected.length, rejected } };
  };

  const script: ReplyScript = (request) => {
    const url = new URL(request.path, 'http://stand-in');
    const call = `${request.method} ${url.pathname}`;
    if (failing.has(call)) return error(500, 'INTERNAL', 'Something broke on the server.');
    if (call === 'GET /core/projects/info') return { body: project };
    if (call === 'GET /core/projects/all') return { body: { _embedded: { projects: [project] }, page: { size: 100, totalElements: 1, totalPages: 1, number: 0 } } };
    if (call === 'POST /ingest/v1/batch') return ingest(request.headers['x-ingest-key'], request.body);
    if (call === `GET ${base}/ingest-keys`) return { body: { keys } };
    if (call === `POST ${base}/ingest-keys`) {
      const parsed = createIngestKeyBodySchema.safeParse(JSON.parse(request.body));
      if (!parsed.success) return error(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid');
      if (keys.filter((key) => key.revokedAt === null).length >= MAX_ACTIVE_INGEST_KEYS) {
        return error(409, 'INGEST_KEY_LIMIT', `A project can have at most ${MAX_ACTIVE_INGEST_KEYS} active ingestion keys. Revoke one first.`);
      }
      const key = anIngestKey(parsed.data.name, { createdAt: new Date().toISOString() });
      keys.push(key);
      return { status: 201, body: key };
    }
    const revoke = new RegExp(`^DELETE ${base}/ingest-keys/([\\w-]+)$`, 'u').exec(call);
    if (revoke) {
      const key = keys.find((candidate) => candidate.id === revoke[1]);
      if (!key) return error(404, 'INGEST_KEY_NOT_FOUND', 'Ingestion key not found.');
      key.revokedAt ??= new Date().toISOString();
      return { body: key };
    }
    if (call === `GET ${base}/events/latest`) {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const newest = [...events].sort((a, b) => b.received_at.localeCompare(a.received_at)).slice(0, limit);
      return { body: { events: newest, summary: summary() } };
    }
    if (call === `GET ${base}/demo-data`) return { body: demoStatus() };
    if (call === `POST ${base}/demo-data`) {
      if (demo.state === 'running') return error(409, 'DEMO_DATA_LOADING', 'Demo data is already being loaded into this project.');
      const { totalEvents, demoEvents } = summary();
      if (totalEvents > demoEvents) {
        return error(409, 'PROJECT_HAS_EVENTS', 'This project already receives real events; demo data is only loaded into an empty project.');
      }
      Object.assign(demo, { state: 'running', players: DEMO_PLAYERS_DEFAULT, sentEvents: 0, error: null });
      return { status: 202, body: demoStatus() };
    }
    if (call === `DELETE ${base}/demo-data`) {
      const before = events.length;
      events.splice(0, events.length, ...events.filter((event) => !event.demo));
      Object.assign(demo, { state: 'idle', players: 0, sentEvents: 0, error: null });
      return { body: { removedEvents: before - events.length } };
    }
    return error(404, 'NOT_FOUND', `No stand-in for ${call}`);
  };

  return {
    script,
    keys,
    events,
    /** The running load sends `count` more demo events. */
    sendDemoEvents(count: number) {
      for (let index = 0; index < count; index += 1) events.push(aStoredEvent({ demo: true, user_id: `demo-player-${index}` }));
      demo.sentEvents += count;
    },
    finishDemoLoad() {
      demo.state = 'done';
    },
    /** Answers 500 to `METHOD /path` until told otherwise. */
    fail(call: string, on = true) {
      if (on) failing.add(call);
      else failing.delete(call);
    },
  };
}
