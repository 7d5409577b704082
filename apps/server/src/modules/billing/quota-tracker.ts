import { utcMonth } from '@questboard/shared/billing';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventStore } from '../events/event-store';
import { billedProjects } from './billing-store';

/** The monthly event quota's counter: in memory (one process) or in PostgreSQL (several, ADR 032). */
export interface Quotas {
  /** Reserves `count` events; false (nothing reserved) when that would pass the quota. */
  reserve(organisationId: string, quota: number | null, count: number): Promise<boolean>;
  /** Gives back a reservation whose events were not stored (or were duplicates). */
  release(organisationId: string, count: number): Promise<void>;
  /** Stored events were counted without a quota: keep the figure right when one is set later. */
  add(organisationId: string, count: number): void;
  /** The figure is recounted from the store next time (events were deleted, the quota changed). */
  forget(organisationId: string): Promise<void>;
}

/**
 * Events each organisation received this UTC month, for the quota. Counted once from the store
 * when an organisation first sends in a month, then kept in memory (one process: ADR 001). A batch
 * reserves its events before they are written, so two racing batches cannot both pass the quota.
 */
export class QuotaTracker implements Quotas {
  private readonly months = new Map<string, { month: number; used: Promise<number> | number }>();

  constructor(
    private readonly db: Db,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  private async used(organisationId: string): Promise<{ month: number; entry: { month: number; used: Promise<number> | number } }> {
    const { start } = utcMonth(this.clock.now());
    const month = start.getTime();
    let entry = this.months.get(organisationId);
    if (entry?.month !== month) {
      entry = { month, used: this.count(organisationId, start) };
      this.months.set(organisationId, entry);
    }
    if (typeof entry.used !== 'number') {
      const pending = entry.used;
      const counted = await pending;
      // Only the first to finish waiting stores the count; later reservations add to it.
      if (entry.used === pending) entry.used = counted;
    }
    return { month, entry };
  }

  private async count(organisationId: string, monthStart: Date): Promise<number> {
    const rows = await billedProjects(this.db, organisationId);
    const usages = await Promise.all(rows.map((row) => this.events.usage(row.id, { from: monthStart, monthStart })));
    return usages.reduce((sum, usage) => sum + usage.eventsThisMonth, 0);
  }

  /** Reserves `count` events; false (nothing reserved) when that would pass the quota. */
  async reserve(organisationId: string, quota: number | null, count: number): Promise<boolean> {
    if (quota === null) return true;
    const { entry } = await this.used(organisationId);
    const used = entry.used as number;
    if (used + count > quota) return false;
    entry.used = used + count;
    return true;
  }

  /** Gives back a reservation whose events were not stored (or were duplicates). */
  async release(organisationId: string, count: number) {
    const entry = this.months.get(organisationId);
    if (entry && typeof entry.used === 'number') entry.used = Math.max(0, entry.used - count);
  }

  /** Stored events were counted without a quota: keep the figure right when one is set later. */
  add(organisationId: string, count: number) {
    const entry = this.months.get(organisationId);
    if (entry && typeof entry.used === 'number') entry.used += count;
  }

  /** The figure is recounted from the store next time (events were deleted, a month began). */
  async forget(organisationId: string) {
    this.months.delete(organisationId);
  }
}
