import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, DEFAULT_SORT, MAX_PAGE_SIZE } from './limits';
import type { OrganisationRole } from './organisations';
import { projectDescriptionSchema, projectNameSchema } from './validation';

// The project calls under /core/projects (docs/product/http-contract.md#core-calls), shared by the server routes and the web app.

export const projectSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    identifier: z.string().describe('URL-safe, unique in the installation, never changes: /project/{identifier}'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

/** Create and update take the same fields; the identifier is generated once and never changes. */
export const projectBodySchema = z.object({ name: projectNameSchema, description: projectDescriptionSchema });
export type ProjectBody = z.infer<typeof projectBodySchema>;
export const createProjectBodySchema = projectBodySchema;
export const updateProjectBodySchema = projectBodySchema;

export const projectParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a project id (a UUID)' }),
});

export const projectInfoQuerySchema = z.object({
  identifier: z
    .string({ error: 'identifier is required' })
    .trim()
    .min(1, { error: 'identifier is required', abort: true })
    .max(200, { error: 'identifier must be at most 200 characters' }),
});

export const projectSortFields = ['name', 'createdAt', 'updatedAt'] as const;
export type ProjectSortField = (typeof projectSortFields)[number];
export const projectSorts = projectSortFields.flatMap((field) => [`${field},asc`, `${field},desc`] as const);
export type ProjectSort = (typeof projectSorts)[number];

export const pagingMessages = {
  page: 'page must be a whole number of 0 or more',
  size: `size must be a whole number between 1 and ${MAX_PAGE_SIZE}`,
  sort: 'sort must be one of name, createdAt or updatedAt, followed by ,asc or ,desc',
  q: 'q must be at most 200 characters',
  qControl: 'q must not contain control characters',
} as const;

// Query values arrive as text; only plain digits are numbers here ('1e2', ' 1', '0x1' are refused).
function wholeNumber(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .regex(/^\d{1,16}$/, { error: message, abort: true })
    .transform(Number)
    .pipe(z.number().int({ error: message, abort: true }).min(min, { error: message }).max(max, { error: message }));
}

export const projectPageQuerySchema = z.object({
  page: wholeNumber(pagingMessages.page, 0, Number.MAX_SAFE_INTEGER).default(DEFAULT_PAGE),
  size: wholeNumber(pagingMessages.size, 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.enum(projectSorts, { error: pagingMessages.sort }).default(DEFAULT_SORT as ProjectSort),
});
export type ProjectPageQuery = z.infer<typeof projectPageQuerySchema>;

export const projectSearchQuerySchema = projectPageQuerySchema.extend({
  q: z
    .string({ error: pagingMessages.q })
    .trim()
    .max(200, { error: pagingMessages.q, abort: true })
    // eslint-disable-next-line no-control-regex -- refusing them is the point (PostgreSQL cannot even hold U+0000)
    .regex(/^[^\u0000-\u001F\u007F]*$/, { error: pagingMessages.qControl, abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage('q') })
    .default(''),
});
export type ProjectSearchQuery = z.infer<typeof projectSearchQuerySchema>;

/** docs/product/rules-and-messages.md#entities: the paged project response, in the spec's (Spring HATEOAS) shape. */
export const projectPageSchema = z
  .object({
    _embedded: z.object({ projects: z.array(projectSchema) }),
    page: z.object({
      size: z.number().int(),
      totalElements: z.number().int(),
      totalPages: z.number().int(),
      number: z.number().int(),
    }),
  })
  .meta({ id: 'ProjectPage' });
export type ProjectPage = z.infer<typeof projectPageSchema>;

/** The load-all helper reads a page loosely (docs/product/http-contract.md#core-calls): no embedded list is an empty one. */
export const embeddedProjectsSchema = z.object({ _embedded: z.object({ projects: z.array(projectSchema).optional() }).optional() }).optional();

/** Page info for `totalElements` items cut into pages of `size`; a page past the end is simply empty. */
export function pageInfo(totalElements: number, size: number, number: number): ProjectPage['page'] {
  return { size, totalElements, totalPages: Math.ceil(totalElements / size), number };
}

/** Every member creates and edits projects; deleting one (and all its data) is for owners and admins. */
export function canDeleteProjects(role: OrganisationRole): boolean {
  return role !== 'member';
}

/** Stable codes the web app tells apart. */
export const projectErrorCodes = {
  notFound: 'PROJECT_NOT_FOUND',
} as const;
