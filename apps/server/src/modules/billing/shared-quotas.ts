import { and, eq, lt, sql } from 'drizzle-orm';
import { utcMonth } from '@questboard/shared/billing';
import type { Db } from '../../db/database';
import { quotaUsage } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { EventStore } from '../events/event-store';
import { billedProjects } from './billing-store';
import type { Quotas } from './quota-tracker';

/**
 * The monthly quota's counter in PostgreSQL, shared by every process (ADR 032). Only organisations
 * with a quota are counted: a reservation is one atomic `UPDATE … WHERE used + n <= quota RETURNING`,
 * so processes reserving at once cannot pass the quota together; the first of a month counts the
 * store once (`INSERT … ON CONFLICT DO NOTHING`: racing counts keep the first). Setting a quota or
 * deleting events deletes the row, so the next reservation counts again.
 */
export class SharedQuotas implements Quotas {
  constructor(
    private readonly db: Db,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  private async take(organisationId: string, monthStart: Date, quota: number, count: number) {
    return this.db
      .update(quotaUsage)
      .set({ used: sql`${quotaUsage.used} + ${count}` })
      .where(and(eq(quotaUsage.organisationId, organisationId), eq(quotaUsage.monthStart, monthStart), sql`${quotaUsage.used} + ${count} <= ${quota}`))
      .returning({ used: quotaUsage.used });
  }

  async reserve(organisationId: string, quota: number | null, count: number): Promise<boolean> {
    if (quota === null) return true;
    const { start } = utcMonth(this.clock.now());
    if ((await this.take(organisationId, start, quota, count)).length > 0) return true;
    const [known] = await this.db
      .select({ used: quotaUsage.used })
      .from(quotaUsage)
      .where(and(eq(quotaUsage.organisationId, organisationId), eq(quotaUsage.monthStart, start)));
    if (known) return false;
    // The organisation's first batch this month (or since its figure was forgotten): count the store.
    const rows = await billedProjects(this.db, organisationId);
    const usages = await Promise.all(rows.map((row) => this.events.usage(row.id, { from: start, monthStart: start })));
    const used = usages.reduce((sum, usage) => sum + usage.eventsThisMonth, 0);
    await this.db.insert(quotaUsage).values({ organisationId, monthStart: start, used }).onConflictDoNothing();
    await this.db.delete(quotaUsage).where(and(eq(quotaUsage.organisationId, organisationId), lt(quotaUsage.monthStart, start)));
    return (await this.take(organisationId, start, quota, count)).length > 0;
  }

  async release(organisationId: string, count: number): Promise<void> {
    const { start } = utcMonth(this.clock.now());
    await this.db
      .update(quotaUsage)
      .set({ used: sql`greatest(0, ${quotaUsage.used} - ${count})` })
      .where(and(eq(quotaUsage.organisationId, organisationId), eq(quotaUsage.monthStart, start)));
  }

  /** Nothing to keep: an organisation without a quota is not counted, and setting one recounts the store. */
  add(): void {
    // Deliberately nothing (see above).
  }

  async forget(organisationId: string): Promise<void> {
    await this.db.delete(quotaUsage).where(eq(quotaUsage.organisationId, organisationId));
  }
}
