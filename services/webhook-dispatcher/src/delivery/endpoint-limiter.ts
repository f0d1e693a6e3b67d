/**
 * At most `perKey` deliveries in flight per webhook, so one slow or dead endpoint holds a few
 * worker slots, never all of them. Waiters are served in arrival order.
 */
export class EndpointLimiter {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly perKey: number) {}

  async acquire(key: string): Promise<() => void> {
    const current = this.active.get(key) ?? 0;
    if (current < this.perKey) {
      this.active.set(key, current + 1);
    } else {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(key) ?? [];
        queue.push(resolve);
        this.waiting.set(key, queue);
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(key);
    };
  }

  private release(key: string): void {
    const queue = this.waiting.get(key);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.waiting.delete(key);
    if (next) {
      next();
      return;
    }
    const current = (this.active.get(key) ?? 1) - 1;
    if (current <= 0) this.active.delete(key);
    else this.active.set(key, current);
  }
}
