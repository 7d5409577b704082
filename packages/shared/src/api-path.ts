// One HTTP path, declared once (issue 19, ADR 017): the server registers its Fastify pattern, the
// web builds concrete URLs from it, so the two can never spell it differently.

/** The `:name` segments of a pattern: '/core/projects/:id/currency/rates/:currency' gives 'id' | 'currency'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = Record<PathParamNames<P>, string>;

export interface ApiPath<P extends string> {
  /** The route pattern as Fastify registers it, e.g. '/core/projects/:id'. */
  readonly pattern: P;
  /** The concrete path, every parameter percent-encoded as one segment. */
  url(...params: [PathParamNames<P>] extends [never] ? [] : [PathParams<P>]): string;
}

const paramSegment = /:(\w+)/gu;

/** Fills a pattern's `:name` segments; a missing value is a programming error, not a request to send. */
export function fillPattern(pattern: string, params: Readonly<Record<string, string>> = {}): string {
  return pattern.replace(paramSegment, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

export function apiPath<const P extends string>(pattern: P): ApiPath<P> {
  return {
    pattern,
    url: (...params) => fillPattern(pattern, params[0]),
  };
}
