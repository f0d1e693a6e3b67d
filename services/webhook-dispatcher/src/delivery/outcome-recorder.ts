/**
 * Group commit for outcomes: the first outcome is written at once; outcomes that arrive while a
 * write is in flight wait and go together in the next one (at most `maxBatch`). Under load a
 * write carries many outcomes, idle it costs no latency. A failed write keeps its outcomes and
 * is retried after `retryMs` until it succeeds or the recorder is closed.
 */
export class OutcomeRecorder<T> {
  private pending: T[] = [];
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly write: (batch: readonly T[]) => Promise<void>,
    private readonly options: {
      maxBatch: number;
      retryMs: number;
      onError: (err: unknown, batchSize: number) => void;
    },
  ) {}

  /** Outcomes not yet written. */
  get backlog(): number {
    return this.pending.length;
  }

  add(outcome: T): void {
    this.pending.push(outcome);
    this.writing ??= this.drain().finally(() => {
      this.writing = undefined;
    });
  }

  /** Resolves once everything added so far is written (or the recorder is closed). */
  async flushed(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Stops retrying after the current write; `flushed()` then resolves. */
  close(): void {
    this.closed = true;
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.options.maxBatch);
      try {
        await this.write(batch);
      } catch (err) {
        this.options.onError(err, batch.length);
        this.pending.unshift(...batch);
        if (this.closed) return;
        await new Promise((r) => setTimeout(r, this.options.retryMs));
      }
    }
  }
}
