interface Listenable {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The part of `window` the SDK listens to; absent in Node and in workers. */
export interface PageScope extends Listenable {
  document?: Listenable & { visibilityState?: string };
}

/**
 * Calls `onHide` when the page is hidden (tab switch, app switch on mobile) or left. Hidden is the
 * last moment browsers reliably give a page on mobile; pagehide covers navigations where
 * visibilitychange does not fire. Answers the function that stops listening.
 */
export function watchPageHide(onHide: () => void, scope: PageScope | undefined = currentScope()): () => void {
  const document = scope?.document;
  if (scope === undefined || document === undefined) return () => undefined;
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') onHide();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  scope.addEventListener('pagehide', onHide);
  return () => {
    document.removeEventListener('visibilitychange', onVisibilityChange);
    scope.removeEventListener('pagehide', onHide);
  };
}

function currentScope(): PageScope | undefined {
  const scope = globalThis as Partial<PageScope>;
  return typeof scope.addEventListener === 'function' && typeof scope.document === 'object'
    ? (scope as PageScope)
    : undefined;
}
