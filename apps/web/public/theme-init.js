// Runs before first paint (loaded synchronously from <head>) so the page never flashes the wrong
// theme. Mirrors src/features/theme/theme.ts, which takes over once the app starts; a plain file
// because the server's CSP allows scripts from 'self' only. Never throws: storage may be blocked.
(function () {
  var mode = 'system';
  try {
    var stored = window.localStorage.getItem('theme-mode');
    if (stored === 'light' || stored === 'dark' || stored === 'system') mode = stored;
  } catch (e) {
    // Storage unavailable (privacy mode, sandboxed frame): fall back to the system preference.
  }
  var systemDark = false;
  try {
    systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch (e) {
    // Very old browser without matchMedia: light.
  }
  var scheme = mode === 'dark' || (mode === 'system' && systemDark) ? 'dark' : 'light';
  var root = document.documentElement;
  if (scheme === 'dark') root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = scheme;
  try {
    window.localStorage.setItem('theme-color-scheme', scheme);
  } catch (e) {
    // Nothing to persist to; the class above is what matters.
  }
})();
