/**
 * Where the app may send someone after signing in: only a path on APP_URL's own origin. Anything
 * else (`https://evil.com`, `//evil.com`, `app.com.evil.com`, `evil.com\@app.com`, `javascript:`)
 * is refused (docs/product/security-cases.md case 13). Returns the path with query and fragment, or null.
 */
export function safeRedirectPath(target: string | null | undefined, appUrl: string): string | null {
  if (target === undefined || target === null || target === '') return null;
  const hasControlOrSpace = /\s/.test(target) || Array.from({ length: target.length }, (_, i) => target.charCodeAt(i)).some((code) => code < 0x20 || code === 0x7f);
  if (target.length > 2000 || !target.startsWith('/') || target.startsWith('//') || target.includes('\\') || hasControlOrSpace) {
    return null;
  }
  const origin = new URL(appUrl).origin;
  let resolved: URL;
  try {
    resolved = new URL(target, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== origin) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
