import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { compareRoles, organisationErrorCodes, type OrganisationRole } from '@questboard/shared/organisations';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../db/database';
import { HttpError } from '../http-error';
import { findProjectInOrganisation } from '../modules/projects/project-service';
import { projectErrors } from '../modules/projects/project-errors';
import { memberOf } from './membership';
import { guardedCacheView } from './authenticate';

/** Every route under this prefix is one project's; `:id` is the project's id (a UUID), not its identifier. */
export const projectScopePrefix = apiPaths.projects.one.pattern;

/** The least role a project route needs; above a member, `action` finishes "Only owners and admins can …". */
export type ProjectRole = { minimum: 'member' } | { minimum: 'admin' | 'owner'; action: string };

export const anyMember: ProjectRole = { minimum: 'member' };
export const ownersAndAdmins = (action: string): ProjectRole => ({ minimum: 'admin', action });

/** The project a scoped request is about, found in the caller's organisation, and the caller's role there. */
export interface ScopedProject {
  id: string;
  identifier: string;
  organisationId: string;
  role: OrganisationRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route under /core/projects/:id; the project scope enforces it. */
    projectRole?: ProjectRole;
  }
  interface FastifyRequest {
    project: ScopedProject | null;
  }
  interface FastifySchema {
    /** Set by the project scope from config.projectRole: the API reference shows it. */
    'x-minimum-role'?: OrganisationRole;
  }
}

/** The refusals every scoped route can answer, declared once (validation, sign-in, role, project). */
const scopeErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const projectId = z.uuid();

export function isProjectScoped(url: string): boolean {
  return url === projectScopePrefix || url.startsWith(`${projectScopePrefix}/`);
}

export function hasRole(role: OrganisationRole, needed: ProjectRole): boolean {
  return compareRoles(role, needed.minimum) <= 0;
}

function refusal(needed: ProjectRole): HttpError {
  const who = needed.minimum === 'owner' ? 'owners' : 'owners and admins';
  const action = 'action' in needed ? needed.action : 'do this';
  return new HttpError(403, organisationErrorCodes.insufficientRole, `Only ${who} can ${action}.`);
}

export function projectOf(request: FastifyRequest): ScopedProject {
  if (!request.project)
    throw new Error(`${request.routeOptions.url ?? request.url} reads the project outside ${projectScopePrefix}`);
  return request.project;
}

/**
 * The project scope: every route under /core/projects/:id gets one preHandler that checks the
 * membership in the database (ADR 005), finds the project in the caller's organisation (another
 * organisation's is a 404, docs/product/security-cases.md case 22), then the route's declared role (403). A route that
 * declares no role, or its own membership check, stops the app from starting (ADR 013).
 */
export function registerProjectScope(app: FastifyInstance, db: Db) {
  app.decorateRequest('project', null);

  const guards: unknown[] = [app.requireIdentity, app.requireAccount, app.requireOrganisation];
  // Which project ids an organisation has, from the state cache: any project change clears it (ADR 019).
  const scoped = app.stateCache.memo<Awaited<ReturnType<typeof findProjectInOrganisation>>>(20_000);
  const resolveProject = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireOrganisation(request, reply);
    const member = memberOf(request);
    const { id } = request.params as { id?: unknown };
    // The route's params schema has checked the UUID already; this keeps a forgotten one from reaching SQL.
    const project = projectId.safeParse(id).success
      ? await scoped.get(guardedCacheView(request), `${member.organisationId} ${id as string}`, () =>
          findProjectInOrganisation(db, member.organisationId, id as string),
        )
      : undefined;
    if (!project) throw projectErrors.notFound();
    const needed = request.routeOptions.config.projectRole;
    if (!needed) throw new Error(`${request.routeOptions.url ?? request.url} declares no projectRole`);
    if (!hasRole(member.role, needed)) throw refusal(needed);
    request.project = { ...project, role: member.role };
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isProjectScoped(route.url)) return;
    const name = `${String(route.method)} ${route.url}`;
    const needed = route.config?.projectRole;
    if (!needed) throw new Error(`${name} must declare config.projectRole: the project scope checks it`);
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    if (own.includes(resolveProject)) return;
    if (own.some((handler) => guards.includes(handler)))
      throw new Error(`${name} checks membership itself: the project scope does`);
    route.preHandler = [resolveProject, ...own];
    // The role in the API reference, and the scope's refusals (all the one error shape) in every answer map.
    const schema = route.schema ?? {};
    route.schema = {
      ...schema,
      'x-minimum-role': needed.minimum,
      response: { ...(schema.response as object | undefined), ...scopeErrors },
    };
  });
}
