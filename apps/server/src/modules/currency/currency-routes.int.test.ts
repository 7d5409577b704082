import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Explore } from '@questboard/shared/analytics-explore';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { Player } from '@questboard/shared/analytics-player';
import type { Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { IngestKeyList } from '@questboard/shared/developer';
import { currencyMessages, type CurrencySettings } from '@questboard/shared/money';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { addMember, core, hostileText, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { manualClock } from '../../lib/clock';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// Issue 21 end to end over HTTP: purchases in USD, JPY and EUR ingested through the real endpoint,
// rates set through the API, every revenue figure in the reporting currency, a currency without a
// rate left out and reported; roles, tenant isolation and bad input (ADR 011).
describe.each(databaseTargets)('reporting currency and exchange rates on $name', (target) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let projectId: string;

  const base = () => `/core/projects/${projectId}`;
  const view = 'from=2026-11-16&to=2026-11-16';
  const get = async <T>(path: string, token = owner.token) => {
    const response = await core(t.app, token, 'GET', `${base()}${path}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const setRate = (currency: string, rate: unknown, token = owner.token) =>
    core(t.app, token, 'PUT', `${base()}/currency/rates/${currency}`, { rate });

  beforeEach(async () => {
    t = await createTestApp(target, { clock: manualClock(new Date('2026-11-16T12:00:00Z')) });
    owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
    const key = (await core(t.app, owner.token, 'GET', `${base()}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
    const purchase = (id: string, user: string, minute: number, amount: number, currency: string) => ({
      insert_id: id,
      name: 'purchase',
      user_id: user,
      timestamp: `2026-11-16T09:${String(minute).padStart(2, '0')}:00Z`,
      revenue_amount: amount,
      currency,
      product_id: 'gems',
    });
    const events = [
      purchase('p1', 'a', 0, 4.99, 'USD'),
      purchase('p2', 'b', 1, 1000, 'jpy'), // lower case: stored as JPY
      purchase('p3', 'b', 2, 500, 'JPY'),
      purchase('p4', 'c', 3, 10, 'EUR'),
      purchase('p5', 'd', 4, 0, 'USD'), // a purchase of 0: no transaction
    ];
    const response = await t.app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': key }, payload: { events } });
    // Accepted whether or not a rate exists for the currency.
    expect(response.json()).toEqual({ accepted: 5, rejected: [] });
  });
  afterEach(async () => t.close());

  it('reports in USD by default with no rates, leaving the other currencies out and saying so', async () => {
    expect(await get<CurrencySettings>('/currency')).toEqual({ reportingCurrency: 'USD', rates: [] });
    const revenue = await get<Revenue>(`/analytics/revenue?${view}`);
    expect(revenue.currency).toBe('USD');
    expect(revenue.excludedPurchases).toEqual([
      { currency: 'JPY', purchases: 2, amount: 1500 },
      { currency: 'EUR', purchases: 1, amount: 10 },
    ]);
    expect(revenue.totals).toMatchObject({ revenue: 4.99, transactions: 1, payingUsers: 1, activeUsers: 4 });
  });

  it('converts every revenue figure through the rates the owner sets', async () => {
    const jpy = await setRate('jpy', 0.0067);
    expect(jpy.statusCode, jpy.body).toBe(200);
    expect((await setRate('EUR', 1.08)).statusCode).toBe(200);
    const settings = await get<CurrencySettings>('/currency');
    expect(settings).toEqual({
      reportingCurrency: 'USD',
      rates: [
        { currency: 'EUR', rate: 1.08, setAt: '2026-11-16T12:00:00.000Z' },
        { currency: 'JPY', rate: 0.0067, setAt: '2026-11-16T12:00:00.000Z' },
      ],
    });

    const total = 4.99 + 1500 * 0.0067 + 10 * 1.08; // 25.84
    const revenue = await get<Revenue>(`/analytics/revenue?${view}`);
    expect(revenue.excludedPurchases).toEqual([]);
    expect(revenue.totals.revenue).toBeCloseTo(total, 9);
    expect(revenue.totals).toMatchObject({ transactions: 4, payingUsers: 3, activeUsers: 4 });
    expect(revenue.totals.arppu).toBeCloseTo(total / 3, 9);
    expect(revenue.totals.payingConversion).toBe(0.75);
    expect(revenue.totals.arpdau).toBeCloseTo(total / 4, 9);
    expect(revenue.series[0]?.revenue).toBeCloseTo(total, 9);
    expect(revenue.topProducts).toHaveLength(1);
    expect(revenue.topProducts[0]?.revenue).toBeCloseTo(total, 9);
    expect(revenue.ltv.average[0]).toBeCloseTo(total / 4, 9);

    const overview = await get<Overview>(`/analytics/overview?${view}`);
    expect(overview.currency).toBe('USD');
    expect(overview.cards.find((card) => card.key === 'revenue')?.value).toBeCloseTo(total, 9);
    expect(overview.cards.find((card) => card.key === 'arpdau')?.value).toBeCloseTo(total / 4, 9);

    const player = await get<Player>('/analytics/players/b');
    expect(player).toMatchObject({ currency: 'USD', purchases: 2, excludedPurchases: [] });
    expect(player.revenue).toBeCloseTo(10.05, 9);
    const zero = await get<Player>('/analytics/players/d');
    expect(zero).toMatchObject({ revenue: 0, purchases: 0, excludedPurchases: [] });

    const explore = await get<Explore>(`/analytics/explore?${view}&measure=sum&property=revenue_amount`);
    expect(explore.currency).toBe('USD');
    expect(explore.series[0]?.total).toBeCloseTo(total, 9);

    // Removing a rate leaves its purchases out again.
    expect((await core(t.app, owner.token, 'DELETE', `${base()}/currency/rates/JPY`)).statusCode).toBe(204);
    const without = await get<Revenue>(`/analytics/revenue?${view}`);
    expect(without.excludedPurchases).toEqual([{ currency: 'JPY', purchases: 2, amount: 1500 }]);
    expect(without.totals.revenue).toBeCloseTo(4.99 + 10.8, 9);
  });

  it('clears the rates when the reporting currency changes, since each was in the old one', async () => {
    await setRate('JPY', 0.0067);
    const changed = await core(t.app, owner.token, 'PUT', `${base()}/currency`, { reportingCurrency: 'eur' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ reportingCurrency: 'EUR', rates: [] });
    // The same currency again keeps the rates.
    await setRate('USD', 0.92);
    const same = await core(t.app, owner.token, 'PUT', `${base()}/currency`, { reportingCurrency: 'EUR' });
    expect(same.json<CurrencySettings>().rates).toHaveLength(1);

    const revenue = await get<Revenue>(`/analytics/revenue?${view}`);
    expect(revenue.currency).toBe('EUR');
    expect(revenue.totals.revenue).toBeCloseTo(10 + 4.99 * 0.92, 9);
    expect(revenue.excludedPurchases).toEqual([{ currency: 'JPY', purchases: 2, amount: 1500 }]);
  });

  it('lets members read but only owners and admins change', async () => {
    const member = await addMember(t.app, owner.token, 'ben@pixel.example', 'member');
    const admin = await addMember(t.app, owner.token, 'cy@pixel.example', 'admin');
    expect((await get<CurrencySettings>('/currency', member.token)).reportingCurrency).toBe('USD');
    const refused = [
      await setRate('JPY', 0.0067, member.token),
      await core(t.app, member.token, 'PUT', `${base()}/currency`, { reportingCurrency: 'EUR' }),
      await core(t.app, member.token, 'DELETE', `${base()}/currency/rates/JPY`),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toMatch(/^Only owners and admins can/);
    }
    expect((await setRate('JPY', 0.0067, admin.token)).statusCode).toBe(200);
    expect((await get<CurrencySettings>('/currency')).rates).toHaveLength(1);
  });

  it("keeps each organisation's settings to itself", async () => {
    const other = await signUpOwner(t.app, 'eve@rival.example', 'Rival Games');
    const calls = [
      await core(t.app, other.token, 'GET', `${base()}/currency`),
      await core(t.app, other.token, 'PUT', `${base()}/currency`, { reportingCurrency: 'EUR' }),
      await core(t.app, other.token, 'PUT', `${base()}/currency/rates/JPY`, { rate: 1 }),
      await core(t.app, other.token, 'DELETE', `${base()}/currency/rates/JPY`),
    ];
    for (const response of calls) expect(response.statusCode).toBe(404);
    expect(await get<CurrencySettings>('/currency')).toEqual({ reportingCurrency: 'USD', rates: [] });
  });

  it.each([
    ['a rate of 0', 'JPY', { rate: 0 }, currencyMessages.rate],
    ['a negative rate', 'JPY', { rate: -1 }, currencyMessages.rate],
    ['a rate too large', 'JPY', { rate: 1e10 }, currencyMessages.rate],
    ['a rate as text', 'JPY', { rate: '0.0067' }, currencyMessages.rate],
    ['no rate', 'JPY', {}, currencyMessages.rate],
    ['a currency of four letters', 'USDT', { rate: 1 }, currencyMessages.code],
    ['a currency with a digit', 'US1', { rate: 1 }, currencyMessages.code],
    ['a rate for the reporting currency', 'USD', { rate: 2 }, currencyMessages.sameAsReporting],
  ])('refuses %s with 400 and changes nothing', async (_name, currency, body, message) => {
    const response = await core(t.app, owner.token, 'PUT', `${base()}/currency/rates/${currency}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect((await get<CurrencySettings>('/currency')).rates).toEqual([]);
  });

  it.each([
    ['no currency', {}],
    ['a number', { reportingCurrency: 840 }],
    ['ten kilobytes', { reportingCurrency: hostileText.tenKb }],
    ['control characters', { reportingCurrency: 'U\u0000S' }],
    ['a lone surrogate', { reportingCurrency: 'US\ud800' }],
  ])('refuses a reporting currency with %s', async (_name, body) => {
    const response = await core(t.app, owner.token, 'PUT', `${base()}/currency`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(currencyMessages.code);
  });

  it('answers 404 for removing a rate that is not there', async () => {
    const response = await core(t.app, owner.token, 'DELETE', `${base()}/currency/rates/JPY`);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe(currencyMessages.rateNotFound);
  });
});
