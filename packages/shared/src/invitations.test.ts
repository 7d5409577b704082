import { describe, expect, it } from 'vitest';
import { createInvitationBodySchema, invalidInvitationEmailMessage, invitationEmailSchema } from './invitations';

describe('invitationEmailSchema', () => {
  it.each([
    ['  Grace@Studio.Example ', 'grace@studio.example'],
    ["o'brien+games@pixel-forge.co.uk", "o'brien+games@pixel-forge.co.uk"],
  ])('accepts %j as %j', (input, output) => {
    expect(invitationEmailSchema.parse(input)).toBe(output);
  });

  it.each([
    [''],
    ['   '],
    ['grace'],
    ['grace@localhost'],
    ['"a@evil"@victim.com'],
    ['a@b.com,evil@x.com'],
    ['grace＠studio.example'],
    ['victim@x.com\r\nBcc: evil@x.com'],
    ['grace\u0000@studio.example'],
    ['grace\u202E@studio.example'],
    ['grace🎮@studio.example'],
    [`${'a'.repeat(10_000)}@studio.example`],
    [undefined],
    [null],
    [42],
  ])('refuses %j with one message', (input) => {
    const result = invitationEmailSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([invalidInvitationEmailMessage]);
  });

  it('needs a known role', () => {
    expect(createInvitationBodySchema.safeParse({ email: 'grace@studio.example', role: 'admin' }).success).toBe(true);
    expect(createInvitationBodySchema.safeParse({ email: 'grace@studio.example', role: 'god' }).success).toBe(false);
  });
});
