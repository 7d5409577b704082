// Swagger UI as it ships fails WCAG 2.1 AA in places (issue 21 runs axe on every screen the
// end-to-end tests visit, /api/docs included): white method labels on light colours, pale links,
// a top bar with an unlabelled field, an unlabelled server select, and tag headings a level too deep. This sheet and script are
// the smallest change that fixes what axe finds, without touching Swagger UI's own files.

/** Colours with at least 4.5:1 contrast, and the top bar (a URL field for other documents) hidden. */
export const docsThemeCss = `
.swagger-ui .topbar { display: none; }
.swagger-ui .opblock .opblock-summary-method { color: #000; text-shadow: none; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize span { color: #1b6e47; }
.swagger-ui .btn.authorize svg { fill: #1b6e47; }
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui a.nostyle { color: #1d5fa8; }
.swagger-ui .info .title small pre { color: #fff; background: #4a5160; }
.swagger-ui .info .title small.version-stamp { background: #3d6b00; }
.swagger-ui .info .title small.version-stamp pre { background: #3d6b00; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #1f2937; }
`;

/** Names for the controls Swagger UI renders without one, set again whenever it re-renders. */
export const docsThemeJs = `
(function () {
  function label() {
    var servers = document.getElementById('servers');
    if (servers && !servers.getAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
    // Below the page's h1 Swagger UI starts at h3: every deeper heading one level up for
    // assistive technology, so none is skipped.
    document.querySelectorAll('.swagger-ui h3, .swagger-ui h4, .swagger-ui h5, .swagger-ui h6').forEach(function (heading) {
      if (!heading.hasAttribute('aria-level')) heading.setAttribute('aria-level', String(Number(heading.tagName[1]) - 1));
    });
  }
  new MutationObserver(label).observe(document.documentElement, { childList: true, subtree: true });
  label();
})();
`;
