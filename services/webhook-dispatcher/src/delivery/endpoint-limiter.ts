/**
 * At most `perKey` attempts in flight per webhook, so one slow or dead endpoint holds a few
 * worker slots, never all of them. A caller finding the endpoint busy waits briefly only when
 * the endpoint answers fast (its slots free up within `maxWaitMs`); otherwise it puts its job
 * back in the queue for `busyDelayMs(key)` rather than hold a worker slot while it waits.
 */
export class EndpointLimiter {
  private readonly active = new Map<string, number>();
  private readonly waiters = new Map<string, (() => void)[]>();
  /** Moving average of attempt durations per endpoint (ms). */
  private readonly typical = new Map<string, number>();

  constructor(
    private readonly perKey: number,
    private readonly bounds: { minDelayMs: number; maxDelayMs: number } = {
      minDelayMs: 100,
      maxDelayMs: 10_000,
    },
  ) {}

  /** A release function when a slot is free, else undefined. */
  tryAcquire(key: string): (() => void) | undefined {
    const current = this.active.get(key) ?? 0;
    if (current >= this.perKey) return undefined;
    this.active.set(key, current + 1);
    return this.releaser(key);
  }

  /**
   * A slot, waiting up to `maxWaitMs` for one when the endpoint's typical attempt is that
   * quick; undefined when it stays busy (or is slow), so the caller re-queues its job.
   */
  async acquire(key: string, maxWaitMs: number): Promise<(() => void) | undefined> {
    const now = this.tryAcquire(key);
    if (now) return now;
    if ((this.typical.get(key) ?? Infinity) > maxWaitMs) return undefined;
    return new Promise((resolve) => {
      const queue = this.waiters.get(key) ?? [];
      const grant = () => {
        clearTimeout(timer);
        resolve(this.releaser(key));
      };
      const timer = setTimeout(() => {
        const left = (this.waiters.get(key) ?? []).filter((w) => w !== grant);
        if (left.length > 0) this.waiters.set(key, left);
        else this.waiters.delete(key);
        resolve(undefined);
      }, maxWaitMs);
      queue.push(grant);
      this.waiters.set(key, queue);
    });
  }

  private releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Hand the slot straight to a waiter, if any; else free it.
      const queue = this.waiters.get(key);
      const next = queue?.shift();
      if (queue && queue.length === 0) this.waiters.delete(key);
      if (next) return next();
      const left = (this.active.get(key) ?? 1) - 1;
      if (left <= 0) this.active.delete(key);
      else this.active.set(key, left);
    };
  }

  /** Records how long an attempt to `key` took. */
  record(key: string, durationMs: number): void {
    const previous = this.typical.get(key);
    this.typical.set(key, previous === undefined ? durationMs : previous * 0.8 + durationMs * 0.2);
  }

  /** How long a job for a busy endpoint should wait: about one typical attempt, with jitter. */
  busyDelayMs(key: string, random = Math.random): number {
    const typical = this.typical.get(key) ?? this.bounds.minDelayMs;
    const base = Math.min(this.bounds.maxDelayMs, Math.max(this.bounds.minDelayMs, typical));
    return Math.round(base * (1 + random()));
  }
}
