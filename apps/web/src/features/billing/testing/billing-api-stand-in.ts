// The billing page's calls, kept in memory behind the real local test server (testing/
// app-api-server.ts): the page's real HTTP client talks to it, and a test sends events to its
// ingestion endpoint with a project's key the way a game does. It follows the server's contract
// (apps/server/src/modules/billing, ingestion), not its storage.
import type { OrganisationRole } from '@questboard/shared/organisations';
import type { Project } from '@questboard/shared/projects';
import { canSetQuota, quotaBodySchema, utcMonth, type Usage } from '@questboard/shared/billing';

import type { ReplyScript, ScriptedReply } from '../../../testing/http-test-server';

export const lostLevels: Project = {
  id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
  name: 'Lost Levels',
  description: 'x'.repeat(150),
  identifier: 'lost-levels',
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
};

export const starHarvest: Project = {
  ...lostLevels,
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Star Harvest',
  identifier: 'star-harvest',
};

/** What the stand-in counts as each stored event's share of the store on disk. */
export const BYTES_PER_EVENT = 512;
const dayMs = 86_400_000;

interface StoredEvent {
  projectId: string;
  userId: string;
  receivedAt: Date;
}

const error = (status: number, code: string, message: string): ScriptedReply => ({ status, body: { code, message } });
const keyOf = (project: Project) => `qbk_${project.identifier.replace(/\W/gu, '')}${'A'.repeat(24)}`;

/** A stateful stand-in for /core/orgs/usage, /core/orgs/quota, the keys and ingestion; `script` goes to server.script(). */
export function createBillingApi(
  projects: Project[],
  { role = 'owner', quota = null }: { role?: OrganisationRole; quota?: number | null } = {},
) {
  const events: StoredEvent[] = [];
  const state = { quota };
  const failing = new Set<string>();

  const figures = (stored: StoredEvent[], now: Date) => {
    const { start } = utcMonth(now);
    const today = Math.floor(now.getTime() / dayMs) * dayMs;
    const thisMonth = stored.filter((event) => event.receivedAt >= start);
    return {
      eventsToday: stored.filter((event) => event.receivedAt.getTime() >= today).length,
      eventsThisMonth: thisMonth.length,
      monthlyActivePlayers: new Set(thisMonth.map((event) => event.userId)).size,
      storedEvents: stored.length,
      storageBytes: stored.length * BYTES_PER_EVENT,
    };
  };

  const usage = (): Usage => {
    const now = new Date();
    const { start, next } = utcMonth(now);
    const today = Math.floor(now.getTime() / dayMs) * dayMs;
    const perProject = projects.map((project) => ({
      id: project.id,
      name: project.name,
      identifier: project.identifier,
      ...figures(
        events.filter((event) => event.projectId === project.id),
        now,
      ),
    }));
    const sum = (field: keyof ReturnType<typeof figures>) =>
      perProject.reduce((total, project) => total + project[field], 0);
    return {
      monthStart: start.toISOString(),
      nextMonthStart: next.toISOString(),
      monthlyEventQuota: state.quota,
      organisation: {
        eventsToday: sum('eventsToday'),
        eventsThisMonth: sum('eventsThisMonth'),
        monthlyActivePlayers: sum('monthlyActivePlayers'),
        storedEvents: sum('storedEvents'),
        storageBytes: sum('storageBytes'),
      },
      projects: perProject,
      daily: Array.from({ length: 30 }, (_, index) => {
        const from = today - (29 - index) * dayMs;
        return {
          day: new Date(from).toISOString().slice(0, 10),
          events: events.filter(
            (event) => event.receivedAt.getTime() >= from && event.receivedAt.getTime() < from + dayMs,
          ).length,
        };
      }),
    };
  };

  const ingest = (presented: unknown, body: string): ScriptedReply => {
    const project = projects.find((candidate) => keyOf(candidate) === presented);
    if (!project) return error(401, 'INGEST_KEY_INVALID', 'This ingestion key is unknown or has been revoked.');
    const batch = JSON.parse(body) as { events: { user_id: string }[] };
    const used = usage().organisation.eventsThisMonth;
    if (state.quota !== null && used + batch.events.length > state.quota) {
      return {
        status: 429,
        headers: { 'retry-after': '3600' },
        body: {
          code: 'QUOTA_EXCEEDED',
          message: `This organisation has used its monthly quota of ${state.quota.toLocaleString('en')} events.`,
        },
      };
    }
    for (const event of batch.events)
      events.push({ projectId: project.id, userId: event.user_id, receivedAt: new Date() });
    return { body: { accepted: batch.events.length, rejected: [] } };
  };

  const script: ReplyScript = (request) => {
    const call = `${request.method} ${new URL(request.path, 'http://stand-in').pathname}`;
    if (failing.has(call)) return error(500, 'INTERNAL', 'Something broke on the server.');
    if (call === 'POST /ingest/v1/batch') return ingest(request.headers['x-ingest-key'], request.body);
    if (call === 'GET /core/orgs/usage') return { body: usage() };
    if (call === 'PUT /core/orgs/quota') {
      if (!canSetQuota(role)) return error(403, 'INSUFFICIENT_ROLE', 'Only owners can set the monthly event quota.');
      const parsed = quotaBodySchema.safeParse(JSON.parse(request.body));
      if (!parsed.success) return error(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid');
      state.quota = parsed.data.monthlyEventQuota;
      return { body: parsed.data };
    }
    for (const project of projects) {
      if (call === `GET /core/projects/${project.id}/ingest-keys`) {
        const key = {
          id: crypto.randomUUID(),
          name: 'Default',
          key: keyOf(project),
          kind: 'standard',
          createdAt: project.createdAt,
          revokedAt: null,
          lastUsedAt: null,
        };
        return { body: { keys: [key] } };
      }
    }
    return error(404, 'NOT_FOUND', `No stand-in for ${call}`);
  };

  return {
    script,
    /** Answers 500 to `METHOD /path` until told otherwise. */
    fail(call: string, on = true) {
      if (on) failing.add(call);
      else failing.delete(call);
    },
  };
}
