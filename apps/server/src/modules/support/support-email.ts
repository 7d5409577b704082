import type { MailMessage } from '../../mail/mailer';

// Every interpolated value is text, never markup (the same escaping as the other e-mails).
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
// The schema already refuses line breaks in a subject; a header stays one line whatever reaches here.
const oneLine = (value: string) => value.replace(/\s+/gu, ' ').trim();

export interface SupportEmailInput {
  appName: string;
  to: string;
  from: { email: string; name: string | null };
  organisationName: string;
  project: { name: string; identifier: string } | null;
  subject: string;
  message: string;
  version: string;
  instanceId: string;
}

/** "[{APP_NAME} support] {subject}" to SUPPORT_EMAIL, answered straight to the person who wrote. */
export function supportEmail(input: SupportEmailInput): MailMessage {
  const { appName, to, from, organisationName, project, message, version, instanceId } = input;
  const subject = oneLine(`[${appName} support] ${input.subject}`);
  const sender = from.name ? `${from.name} <${from.email}>` : from.email;
  const context: [string, string][] = [
    ['From', sender],
    ['Organisation', organisationName],
    ...(project ? ([['Project', `${project.name} (${project.identifier})`]] as [string, string][]) : []),
    ['Version', `${appName} ${version}`],
    ['Installation', instanceId],
  ];
  const rows = context
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 12px 2px 0;color:#52525b">${label}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return {
    to,
    replyTo: from.email,
    subject,
    text: [oneLine(input.subject), '', message, '', '--', ...context.map(([label, value]) => `${label}: ${value}`)].join('\n'),
    html: `<!doctype html><html><body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<h1 style="margin:0 0 12px;font-size:18px">${escapeHtml(oneLine(input.subject))}</h1>
<p style="margin:0 0 24px;line-height:1.5;white-space:pre-wrap">${escapeHtml(message)}</p>
<table role="presentation" style="font-size:13px;border-top:1px solid #e4e4e7;padding-top:12px">${rows}</table>
</body></html>`,
  };
}
