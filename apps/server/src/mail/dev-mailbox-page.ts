import type { StoredMail } from './mailer';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);

/** Escapes a mail's text and turns its http(s) URLs into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function renderMailboxPage(appName: string, mails: StoredMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (mail) => `<article>
  <header><strong>${escapeHtml(mail.subject)}</strong><span>to ${escapeHtml(mail.to)} · <time datetime="${mail.sentAt}">${escapeHtml(mail.sentAt.replace('T', ' ').slice(0, 19))} UTC</time></span></header>
  <pre>${linkify(mail.text)}</pre>
</article>`,
        )
        .join('\n')
    : '<p class="empty">No mail yet. Request a sign-in link and it appears here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<title>Dev mailbox · ${escapeHtml(appName)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:24px;max-width:760px;margin-inline:auto;color:#18181b;background:#f8f8fa}
h1{font-size:20px;margin:0 0 4px}p.note{margin:0 0 20px;color:#71717a}
article{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:16px;margin-bottom:12px}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;margin-bottom:8px}header span{color:#71717a;font-size:13px}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font:13px/1.5 ui-monospace,monospace}a{color:#4f46e5}.empty{color:#71717a}
/* Last, so the dark colours win over the light ones above (WCAG AA contrast, issue 21). */
@media (prefers-color-scheme:dark){body{color:#ececf1;background:#0b0b0f}article{background:#16161c!important;border-color:#2a2a33!important}a{color:#a5b4fc}p.note,header span,.empty{color:#a1a1aa}}
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p class="note">SMTP_URL is not set, so ${escapeHtml(appName)} delivers no mail: each message is written to the server log and kept here (the last 100, until restart). Reload for new mail.</p>
${items}
</body>
</html>`;
}
