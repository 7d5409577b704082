// A form's messages keyed by the shared schema's path, like "rules.0.value", so each shows under
// its field (the live-ops editors and the experiment form).

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per path of a schema's issues. */
export function errorsByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The first error at or under `prefix` ("rules.0.conditions.1"), for a row that shows one. */
export function errorUnder(errors: FieldErrors, prefix: string): string | undefined {
  const path = Object.keys(errors).find((candidate) => candidate === prefix || candidate.startsWith(`${prefix}.`));
  return path === undefined ? undefined : errors[path];
}
