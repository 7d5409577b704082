import type { LightMyRequestResponse } from 'fastify';
import type { ExperimentInput } from '@questboard/shared/experiments-api';
import type { App } from '../src/app';
import { core } from './organisation-helpers';
import { liveOps } from './live-helpers';

/** Experiment calls of one project, the way the web app makes them, for the integration tests. */
export function experimentsOf(app: App, projectId: string) {
  const base = `/core/projects/${projectId}/experiments`;
  return {
    base,
    call: (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
      core(app, token, method, `${base}${path}`, payload),
    async ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
      const answer = await response;
      if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode}: ${answer.body}`);
      return answer.json<T>();
    },
    /** The refusal's status, code and message. */
    async refused(response: Promise<LightMyRequestResponse>) {
      const answer = await response;
      return { status: answer.statusCode, ...answer.json<{ code: string; message: string }>() };
    },
  };
}

/** A valid draft: a control and a variant `b` giving `lives` 5 (override more with `patch`). */
export function experimentInput(key: string, patch: Partial<ExperimentInput> = {}): ExperimentInput {
  return {
    key,
    hypothesis: 'Five lives keep new players longer',
    variants: [
      { key: 'control', weight: 1 },
      { key: 'b', weight: 1, overrides: [{ key: 'lives', value: 5 }] },
    ],
    audiencePercentage: 100,
    primaryMetric: { kind: 'retention', days: 7 },
    minimumDetectableEffect: 0.02,
    plannedPlayersPerVariant: 5000,
    ...patch,
  };
}

/** Publishes `lives` (number, 3) and `title` (string, "Quest") as version 1. */
export async function publishLivesAndTitle(app: App, token: string, projectId: string) {
  const live = liveOps(app, projectId);
  await live.ok(live.call(token, 'POST', '/keys', { name: 'lives', type: 'number', defaultValue: 3 }), 201);
  await live.ok(live.call(token, 'POST', '/keys', { name: 'title', type: 'string', defaultValue: 'Quest' }), 201);
  await live.ok(live.call(token, 'POST', '/publish', { note: 'First' }), 201);
  return live;
}
