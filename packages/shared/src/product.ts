/** The default product name (docs/product/http-contract.md#configuration: `APP_NAME`). */
export const defaultAppName = 'Questboard';

/** Path prefixes the server answers itself; every other browser path belongs to the web app. */
export const serverPathPrefixes = ['/core/', '/auth/v1/', '/ingest/', '/api/', '/dev/'] as const;
export const serverExactPaths = ['/healthz', '/readyz', '/core', '/auth/v1', '/ingest', '/api', '/dev'] as const;

export function isServerPath(pathname: string): boolean {
  return (
    (serverExactPaths as readonly string[]).includes(pathname) ||
    serverPathPrefixes.some((prefix) => pathname.startsWith(prefix))
  );
}
