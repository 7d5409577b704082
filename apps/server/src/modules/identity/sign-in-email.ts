import type { MailMessage } from '../../mail/mailer';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);

/** The sign-in e-mail: the product name, the link, and that it expires in 1 hour. */
export function signInEmail(appName: string, to: string, link: string): MailMessage {
  const name = escapeHtml(appName);
  const href = escapeHtml(link);
  return {
    to,
    subject: `Sign in to ${appName}`,
    text: [
      `Sign in to ${appName}`,
      '',
      'Open this link to sign in:',
      link,
      '',
      'This link expires in 1 hour and can be used once.',
      `If you did not ask to sign in to ${appName}, you can ignore this e-mail.`,
    ].join('\n'),
    html: `<!doctype html><html><body style="margin:0;padding:24px;background:#f8f8fa;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border:1px solid #e4e4e7;border-radius:12px" cellspacing="0" cellpadding="32"><tr><td>
<h1 style="margin:0 0 12px;font-size:20px">Sign in to ${name}</h1>
<p style="margin:0 0 24px;line-height:1.5">Click the button below to sign in. This link expires in 1 hour and can be used once.</p>
<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Sign in to ${name}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52525b">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${href}" style="color:#4f46e5">${href}</a></p>
<p style="margin:0;font-size:13px;color:#71717a">If you did not ask to sign in to ${name}, you can ignore this e-mail.</p>
</td></tr></table></td></tr></table></body></html>`,
  };
}
