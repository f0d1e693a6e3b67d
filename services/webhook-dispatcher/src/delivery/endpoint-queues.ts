/** Something to deliver to one webhook. */
export interface EndpointWork {
  webhookId: string;
}

interface Endpoint<T> {
  waiting: T[];
  active: number;
}

/**
 * The claimed deliveries a dispatcher holds, one queue per webhook. At most `perEndpoint`
 * attempts run per webhook and `total` in all; webhooks take turns (round robin), so one
 * webhook's backlog never delays another's first attempt. How many a webhook may hold is the
 * claim's business (`EndpointPace`): a slow or dead endpoint holds a few, never a backlog.
 */
export class EndpointQueues<T extends EndpointWork> {
  private readonly endpoints = new Map<string, Endpoint<T>>();
  /** Webhooks with waiting items and a free slot, in turn order. */
  private readonly ready: string[] = [];
  private readonly isReady = new Set<string>();
  private running = 0;
  private held = 0;

  constructor(
    private readonly perEndpoint: number,
    private readonly total: number,
  ) {}

  /** Items held: running and waiting. */
  get size(): number {
    return this.held;
  }

  get inFlight(): number {
    return this.running;
  }

  add(item: T): void {
    const endpoint = this.endpoints.get(item.webhookId) ?? { waiting: [], active: 0 };
    this.endpoints.set(item.webhookId, endpoint);
    endpoint.waiting.push(item);
    this.held++;
    this.markReady(item.webhookId, endpoint);
  }

  /** The next item allowed to start, counted as running until `finish`; undefined when none. */
  next(): T | undefined {
    while (this.running < this.total) {
      const webhookId = this.ready.shift();
      if (webhookId === undefined) return undefined;
      this.isReady.delete(webhookId);
      const endpoint = this.endpoints.get(webhookId);
      const item = endpoint?.waiting.shift();
      if (!endpoint || !item) continue;
      endpoint.active++;
      this.running++;
      this.markReady(webhookId, endpoint);
      return item;
    }
    return undefined;
  }

  finish(item: T): void {
    const endpoint = this.endpoints.get(item.webhookId);
    if (!endpoint) return;
    endpoint.active--;
    this.running--;
    this.held--;
    if (endpoint.active === 0 && endpoint.waiting.length === 0) {
      this.endpoints.delete(item.webhookId);
      return;
    }
    this.markReady(item.webhookId, endpoint);
  }

  /** Removes and returns every waiting item (shutdown hands them back unattempted). */
  takeWaiting(): T[] {
    const taken: T[] = [];
    for (const [webhookId, endpoint] of this.endpoints) {
      taken.push(...endpoint.waiting.splice(0));
      if (endpoint.active === 0) this.endpoints.delete(webhookId);
    }
    this.held -= taken.length;
    this.ready.length = 0;
    this.isReady.clear();
    return taken;
  }

  /** Items held (running and waiting) per webhook holding any. */
  holdings(): Map<string, number> {
    const held = new Map<string, number>();
    for (const [webhookId, endpoint] of this.endpoints)
      held.set(webhookId, endpoint.active + endpoint.waiting.length);
    return held;
  }

  private markReady(webhookId: string, endpoint: Endpoint<T>): void {
    if (this.isReady.has(webhookId)) return;
    if (endpoint.waiting.length === 0 || endpoint.active >= this.perEndpoint) return;
    this.isReady.add(webhookId);
    this.ready.push(webhookId);
  }
}
