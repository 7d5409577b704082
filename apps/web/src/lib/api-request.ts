// Pure pieces of one API request: its URL, its headers, and reading the answer's body.

/** Query parameters; undefined values are left out. */
export type ApiQuery = Record<string, string | number | boolean | undefined>;

/** `''` (the default base) keeps the URL relative: the API is served from the app's own origin. */
export function buildUrl(baseUrl: string, path: string, query?: ApiQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  const separator = path.includes('?') ? '&' : '?';
  return `${baseUrl.replace(/\/+$/u, '')}${path}${search === '' ? '' : separator + search}`;
}

export function buildHeaders(token: string | null, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * An empty body (204, HEAD…) is undefined; a JSON content type is parsed (a body that does not parse
 * stays text); anything else is text.
 */
export function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if (contentType === null || !/[/+]json\b/iu.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
