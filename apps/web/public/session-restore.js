// Issue 20 (ADR 024): a returning visitor's session restore (POST /auth/v1/token) leaves as the
// page's head is read, before the app's scripts have loaded and run. The app's auth client
// (src/lib/session/auth-client.ts) takes this call over instead of sending its own: the refresh
// cookie rotates on every use, so there must be one. Sent only when the server's qb_session hint
// says there is a session, exactly as the auth client would send it. A plain file because the CSP
// allows scripts from 'self' only; hashed and cached like theme-init.js. Never throws.
(function () {
  try {
    var parts = document.cookie.split(';');
    var hint = false;
    for (var i = 0; i < parts.length; i += 1) if (parts[i].trim() === 'qb_session=1') hint = true;
    if (!hint || typeof window.fetch !== 'function') return;
    var sent = window.fetch('/auth/v1/token', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    // The app reads the outcome; until then a failure is not an unhandled rejection.
    sent.catch(function () {});
    window.__questboardSessionRestore = sent;
    // Its ID token, read from a copy of the answer (the app reads and checks the answer itself): a
    // returning visitor's first page sends its calls with it as soon as it is back, before the app
    // has loaded the schemas it checks answers with (ADR 024, amendment 4). Null on any failure.
    window.__questboardSessionToken = sent
      .then(function (response) {
        return response.ok ? response.clone().json() : null;
      })
      .then(
        function (session) {
          return session && typeof session.idToken === 'string' ? session.idToken : null;
        },
        function () {
          return null;
        },
      );
  } catch (e) {
    // No fetch, no cookies: the app restores the session itself.
  }
})();
