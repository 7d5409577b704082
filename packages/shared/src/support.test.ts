import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, supportMessageBodySchema, supportMessages } from './support';

const firstMessage = (input: unknown) => {
  const parsed = supportMessageBodySchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('support message body', () => {
  it('trims the subject and message and keeps line breaks in the message', () => {
    expect(supportMessageBodySchema.parse({ subject: '  Events missing ', message: ' Line one\nLine two\ttab ' })).toEqual({
      subject: 'Events missing',
      message: 'Line one\nLine two\ttab',
    });
  });

  it.each([
    [{}, supportMessages.subjectRequired],
    [{ subject: '   ', message: 'x' }, supportMessages.subjectRequired],
    [{ subject: 'x'.repeat(SUPPORT_SUBJECT_MAX + 1), message: 'x' }, supportMessages.subjectTooLong],
    [{ subject: 'Help\r\nBcc: evil@x.example', message: 'x' }, supportMessages.subjectOneLine],
    [{ subject: 'Help\u0000', message: 'x' }, supportMessages.subjectOneLine],
    [{ subject: 'Help', message: ' \n ' }, supportMessages.messageRequired],
    [{ subject: 'Help', message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) }, supportMessages.messageTooLong],
    [{ subject: 'Help', message: 'bell\u0007' }, supportMessages.messageControl],
    [{ subject: 'Help', message: 'x', projectId: 'lost-levels' }, supportMessages.projectId],
  ])('refuses %j with "%s"', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('accepts the longest subject and message', () => {
    expect(firstMessage({ subject: 'x'.repeat(SUPPORT_SUBJECT_MAX), message: 'y'.repeat(SUPPORT_MESSAGE_MAX) })).toBeNull();
  });
});
