import { and, asc, count, eq } from 'drizzle-orm';
import {
  RATES_MAX,
  currencyErrorCodes,
  currencyMessages,
  type CurrencySettings,
  type ProjectMoney,
} from '@questboard/shared/money';
import type { Db } from '../../db/database';
import { exchangeRates, projects } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { projectErrors } from '../projects/project-errors';

// A project's reporting currency and exchange rates (issue 21, ADR 011). The project scope has found
// the project in the caller's organisation and checked the role; the project row's queries still
// name the organisation, so a call from anywhere else cannot cross it either.

type Reader = Pick<Db, 'select'>;

async function reportingCurrencyOf(db: Reader, organisationId: string, projectId: string, lock = false): Promise<string> {
  const query = db
    .select({ reportingCurrency: projects.reportingCurrency })
    .from(projects)
    .where(and(eq(projects.organisationId, organisationId), eq(projects.id, projectId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw projectErrors.notFound();
  return row.reportingCurrency;
}

async function settingsOf(db: Reader, projectId: string, reportingCurrency: string): Promise<CurrencySettings> {
  const rows = await db.select().from(exchangeRates).where(eq(exchangeRates.projectId, projectId)).orderBy(asc(exchangeRates.currency));
  return { reportingCurrency, rates: rows.map((row) => ({ currency: row.currency, rate: row.rate, setAt: row.setAt.toISOString() })) };
}

export async function getCurrencySettings(db: Db, organisationId: string, projectId: string): Promise<CurrencySettings> {
  return settingsOf(db, projectId, await reportingCurrencyOf(db, organisationId, projectId));
}

/** What the metrics convert with (the project was already found in the member's organisation). */
export async function projectMoney(db: Db, organisationId: string, projectId: string): Promise<ProjectMoney> {
  const settings = await settingsOf(db, projectId, await reportingCurrencyOf(db, organisationId, projectId));
  return { currency: settings.reportingCurrency, rates: Object.fromEntries(settings.rates.map((rate) => [rate.currency, rate.rate])) };
}

/**
 * A new reporting currency deletes every rate in the same transaction: each said what 1 unit was
 * worth in the old one, and silently reading "1 JPY = 0.0067" as EUR would be wrong (ADR 011).
 */
export async function setReportingCurrency(db: Db, organisationId: string, projectId: string, currency: string, clock: Clock): Promise<CurrencySettings> {
  return db.transaction(async (tx) => {
    const current = await reportingCurrencyOf(tx, organisationId, projectId, true);
    if (current !== currency) {
      await tx.delete(exchangeRates).where(eq(exchangeRates.projectId, projectId));
      await tx.update(projects).set({ reportingCurrency: currency, updatedAt: clock.now() }).where(eq(projects.id, projectId));
    }
    return settingsOf(tx, projectId, currency);
  });
}

export async function setRate(db: Db, organisationId: string, projectId: string, currency: string, rate: number, clock: Clock): Promise<CurrencySettings> {
  return db.transaction(async (tx) => {
    // The project row locked: a change of reporting currency cannot slip between the check and the write.
    const reporting = await reportingCurrencyOf(tx, organisationId, projectId, true);
    if (currency === reporting) throw new HttpError(400, currencyErrorCodes.sameAsReporting, currencyMessages.sameAsReporting);
    const [existing] = await tx
      .select({ currency: exchangeRates.currency })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.projectId, projectId), eq(exchangeRates.currency, currency)));
    if (!existing) {
      const [{ rates } = { rates: 0 }] = await tx.select({ rates: count() }).from(exchangeRates).where(eq(exchangeRates.projectId, projectId));
      if (rates >= RATES_MAX) throw new HttpError(409, currencyErrorCodes.tooManyRates, currencyMessages.tooManyRates);
    }
    await tx
      .insert(exchangeRates)
      .values({ projectId, currency, rate, setAt: clock.now() })
      .onConflictDoUpdate({ target: [exchangeRates.projectId, exchangeRates.currency], set: { rate, setAt: clock.now() } });
    return settingsOf(tx, projectId, reporting);
  });
}

export async function deleteRate(db: Db, organisationId: string, projectId: string, currency: string): Promise<void> {
  await reportingCurrencyOf(db, organisationId, projectId);
  const deleted = await db
    .delete(exchangeRates)
    .where(and(eq(exchangeRates.projectId, projectId), eq(exchangeRates.currency, currency)))
    .returning({ currency: exchangeRates.currency });
  if (deleted.length === 0) throw new HttpError(404, currencyErrorCodes.rateNotFound, currencyMessages.rateNotFound);
}
