// What the web's one HTTP client checks an answer against (issue 19, ADR 017): a zod schema from
// this package, the same one the server's route declares as its `response`. Only zod's shape is
// named here, not zod itself, so the client stays out of the sign-in page's first download.

interface AnswerIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Any zod schema (its safeParse); the call resolves to its output, so a caller cannot claim another type. */
export interface AnswerSchema<T = unknown> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { readonly issues: readonly AnswerIssue[] } };
}
export type AnswerOf<S> = S extends AnswerSchema<infer T> ? T : never;

/**
 * A schema imported on first use (`() => import('@questboard/shared/identity').then((m) => m.sessionSchema)`):
 * the calls on the sign-in path take this form so zod loads after the first paint.
 */
export type LazyAnswerSchema<S extends AnswerSchema> = () => Promise<S>;

/** A call that reads no answer (204, or an empty body): said explicitly, and checked like the others. */
export const noAnswerSchema: AnswerSchema<undefined> = {
  safeParse: (data) =>
    data === undefined
      ? { success: true, data: undefined }
      : { success: false, error: { issues: [{ path: [], message: 'Expected no answer (an empty body)' }] } },
};

export type AnswerCheck<T> = { ok: true; answer: T } | { ok: false; issues: string };

const issueLine = ({ path, message }: AnswerIssue) => `${path.length === 0 ? '(answer)' : path.map(String).join('.')}: ${message}`;

/** The answer read through `schema`, or a readable account of where it differs (for the log). */
export function checkAnswer<T>(schema: AnswerSchema<T>, data: unknown): AnswerCheck<T> {
  const result = schema.safeParse(data);
  return result.success ? { ok: true, answer: result.data } : { ok: false, issues: result.error.issues.map(issueLine).join('; ') };
}
