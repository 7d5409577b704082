import { INVITATION_TTL_DAYS } from '@questboard/shared/invitations';
import type { OrganisationRole } from '@questboard/shared/organisations';
import type { MailMessage } from '../../mail/mailer';

// The same escaping as the sign-in e-mail: every interpolated value is text, never markup.
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
// Names come from people; a subject line must stay one line.
const oneLine = (value: string) => value.replace(/\s+/gu, ' ').trim();

export interface InvitationEmailInput {
  appName: string;
  to: string;
  inviter: string;
  organisationName: string;
  role: OrganisationRole;
  link: string;
}

/** "{inviter} invited you to join {organisation} on {APP_NAME}", the link, and its 7-day expiry. */
export function invitationEmail({
  appName,
  to,
  inviter,
  organisationName,
  role,
  link,
}: InvitationEmailInput): MailMessage {
  const subject = oneLine(`${inviter} invited you to join ${organisationName} on ${appName}`);
  const expiry = `This invitation expires in ${INVITATION_TTL_DAYS} days.`;
  const asRole = `as ${role === 'member' ? 'a' : 'an'} ${role}`;
  const [h, org, app, href, who] = [subject, organisationName, appName, link, inviter].map(escapeHtml) as [
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    to,
    subject,
    text: [
      subject,
      '',
      `${inviter} invited you to join ${organisationName} on ${appName} ${asRole}.`,
      'Open this link to accept or decline:',
      link,
      '',
      expiry,
      'If you were not expecting this invitation, you can ignore this e-mail.',
    ].join('\n'),
    html: `<!doctype html><html><body style="margin:0;padding:24px;background:#f8f8fa;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border:1px solid #e4e4e7;border-radius:12px" cellspacing="0" cellpadding="32"><tr><td>
<h1 style="margin:0 0 12px;font-size:20px">${h}</h1>
<p style="margin:0 0 24px;line-height:1.5">${who} invited you to join <strong>${org}</strong> on ${app} ${asRole}. ${expiry}</p>
<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">View the invitation</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52525b">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${href}" style="color:#4f46e5">${href}</a></p>
<p style="margin:0;font-size:13px;color:#71717a">If you were not expecting this invitation, you can ignore this e-mail.</p>
</td></tr></table></td></tr></table></body></html>`,
  };
}
