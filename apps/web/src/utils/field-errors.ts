// Turns a shared zod schema's verdict into one message per form field. The schemas stop at a
// field's first failing rule (packages/shared/src/validation.ts), so each field has at most one.

export interface ValidationIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What `schema.safeParse(values)` answers, as far as a form needs it. */
export type SafeParseOutcome<T> =
  | { success: true; data: T }
  | { success: false; error: { readonly issues: readonly ValidationIssue[] } };

export interface SafeParser<T> {
  safeParse(input: unknown): SafeParseOutcome<T>;
}

/** The first message per top-level field; issues without a field path are left out. */
export function fieldErrors(issues: readonly ValidationIssue[]): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const { path, message } of issues) {
    const field = path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}
