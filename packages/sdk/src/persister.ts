import type { PersistedState, QuestboardStorage } from './types';

/**
 * Writes the state after every change without ever running two saves at once: changes made while a
 * save is running are written together by the next one, and a burst of events in one task costs one.
 */
export class Persister {
  private dirty = false;
  private writing: Promise<void> | undefined;
  private failing = false;

  constructor(
    private readonly storage: QuestboardStorage,
    private readonly snapshot: () => PersistedState,
    private readonly warn: (message: string) => void,
  ) {}

  markDirty(): void {
    this.dirty = true;
    this.writing ??= this.writeWhileDirty();
  }

  /** Resolves once everything changed so far is saved (or has failed to save). */
  async settled(): Promise<void> {
    while (this.writing !== undefined) await this.writing;
  }

  /**
   * Saves at once, for a page being hidden: a synchronous storage (localStorage) is written before
   * the handler returns, and the browser may freeze the page right after.
   */
  saveNow(): void {
    this.dirty = false;
    try {
      const saving = this.storage.save(this.snapshot());
      if (saving instanceof Promise)
        saving.then(
          () => this.succeeded(),
          (error: unknown) => this.failed(error),
        );
      else this.succeeded();
    } catch (error) {
      this.failed(error);
    }
  }

  private async writeWhileDirty(): Promise<void> {
    try {
      while (this.dirty) {
        await Promise.resolve(); // let the rest of the current task's changes join this save
        this.dirty = false;
        try {
          await this.storage.save(this.snapshot());
          this.succeeded();
        } catch (error) {
          this.failed(error);
        }
      }
    } finally {
      this.writing = undefined;
    }
  }

  private succeeded(): void {
    this.failing = false;
  }

  private failed(error: unknown): void {
    // One warning per run of failures: a full localStorage would otherwise warn on every event.
    if (!this.failing)
      this.warn(`could not save the queue (${describe(error)}); events are kept in memory until saving works again`);
    this.failing = true;
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
