import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { signInByLink } from '../../../test/identity-helpers';
import { core, signUp } from '../../../test/organisation-helpers';
import { accounts, identityUsers } from '../../db/schema';

// The name rules, case by case (the rest of the account calls: accounts.int.test.ts). A case reads
// and writes only its own user, so each table shares one app per database (ADR 018) and each case
// signs in a new address. One app per table keeps the links sent from one IP under the identity
// service's limit (20 per 15 minutes).

describe.each(databaseTargets)('account names on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let people = 0;
  const nextEmail = () => `ada${(people += 1)}@studio.example`;
  const accountRow = async (id: string) => (await t.database.db.select().from(accounts).where(eq(accounts.id, id)))[0];
  const oneAppForTheTable = () => {
    beforeAll(async () => {
      t = await createTestApp(target);
    });
    afterAll(async () => t.close());
  };

  describe('from Google', () => {
    oneAppForTheTable();

    it.each([
      ['Ada Lovelace', { firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' }],
      ['  Ada   King Lovelace ', { firstName: 'Ada', lastName: 'King Lovelace', name: 'Ada King Lovelace' }],
      ["Seán O'Brien-Smith", { firstName: 'Seán', lastName: "O'Brien-Smith", name: "Seán O'Brien-Smith" }],
      ['Cher', { firstName: null, lastName: null, name: null }],
      ['A Lovelace', { firstName: null, lastName: null, name: null }],
      ['Ada 🎮', { firstName: null, lastName: null, name: null }],
      [`Ada ${'L'.repeat(51)}`, { firstName: null, lastName: null, name: null }],
    ])('splits the Google name %j only when both parts pass the name rules', async (googleName, expected) => {
      const { session } = await signInByLink(t.app, nextEmail());
      await t.database.db
        .update(identityUsers)
        .set({ displayName: googleName })
        .where(eq(identityUsers.id, session.user.uid));
      const response = await core(t.app, session.idToken, 'POST', '/core/accounts/register');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: session.user.uid, isActive: true, ...expected });
    });
  });

  describe('typed in', () => {
    oneAppForTheTable();

    it.each([
      [{}, 'Both first name and last name are required'],
      [{ firstName: 'Ada' }, 'Both first name and last name are required'],
      [{ lastName: 'Lovelace' }, 'Both first name and last name are required'],
      [{ firstName: '   ', lastName: 'Lovelace' }, 'Both first name and last name are required'],
      [{ firstName: 'Ada', lastName: null }, 'Both first name and last name are required'],
      [{ firstName: 'A', lastName: 'Lovelace' }, 'First name must be at least 2 characters'],
      [{ firstName: 'Ada', lastName: ' L ' }, 'Last name must be at least 2 characters'],
      [{ firstName: 'A'.repeat(51), lastName: 'Lovelace' }, 'First name must be less than 50 characters'],
      [{ firstName: 'Ada', lastName: 'L'.repeat(51) }, 'Last name must be less than 50 characters'],
      [{ firstName: 'Ada1', lastName: 'Lovelace' }, 'First name contains invalid characters'],
      [{ firstName: 'Ada', lastName: 'Love<lace>' }, 'Last name contains invalid characters'],
    ])('refuses the name %j with the message of docs/product/rules-and-messages.md#validation, changing nothing', async (body, message) => {
      const user = await signUp(t.app, nextEmail(), { firstName: 'Grace', lastName: 'Hopper' });
      const response = await core(t.app, user.token, 'PUT', '/core/accounts/name', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(await accountRow(user.userId)).toMatchObject({
        firstName: 'Grace',
        lastName: 'Hopper',
        name: 'Grace Hopper',
      });
    });
  });
});
