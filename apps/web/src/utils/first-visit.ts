/**
 * Router state on the landing page right after the first-run setup (docs/product/rules-and-messages.md#routing-rules: /auth-validation
 * ends at /?auth=complete, which only a new account reaches): the greeting is not "Welcome back"
 * for someone who has never been here (issue 21). One object, so <Navigate> sees the same state.
 */
export const firstVisitState = Object.freeze({ firstVisit: true });

export function isFirstVisit(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { firstVisit?: unknown }).firstVisit === true;
}
