/** A webhook may hold about this much work (at its typical attempt duration) beyond one round. */
const HOLD_MS = 250;
/** Endpoints whose pace is remembered; beyond that the memory starts over. */
const MAX_TRACKED = 10_000;

/**
 * How many deliveries a dispatcher may hold per webhook, from how fast its attempts are. Any
 * webhook: one round (`perEndpoint`), claimed only once fewer are held, so a slow or dead
 * endpoint keeps at most `2 × perEndpoint - 1` here, none waiting longer than about one attempt
 * deadline. A fast one may hold about 250 ms of its attempts (at most `depth` rounds), so it
 * stays busy between claims; its deliveries wait about that long at most.
 */
export class EndpointPace {
  /** Moving average of attempt durations per webhook (ms). */
  private readonly typical = new Map<string, number>();

  constructor(
    private readonly perEndpoint: number,
    private readonly depth = 8,
  ) {}

  record(webhookId: string, durationMs: number): void {
    const previous = this.typical.get(webhookId);
    if (previous === undefined && this.typical.size >= MAX_TRACKED) this.typical.clear();
    this.typical.set(
      webhookId,
      previous === undefined ? durationMs : previous * 0.8 + durationMs * 0.2,
    );
  }

  /** Rounds of attempts the webhook may hold: 1 unless it is known to be fast. */
  rounds(webhookId: string): number {
    const typical = this.typical.get(webhookId);
    if (typical === undefined) return 1;
    return Math.min(this.depth, Math.max(1, Math.floor(HOLD_MS / Math.max(typical, 1))));
  }

  /**
   * Room per webhook held, for the next claim; a webhook not held gets `defaultRoom` (a fast one
   * goes deeper from its next claim on).
   */
  rooms(held: ReadonlyMap<string, number>): Map<string, number> {
    const rooms = new Map<string, number>();
    for (const [webhookId, count] of held) {
      const rounds = this.rounds(webhookId);
      if (rounds > 1) rooms.set(webhookId, Math.max(0, rounds * this.perEndpoint - count));
      else rooms.set(webhookId, count < this.perEndpoint ? this.perEndpoint : 0);
    }
    return rooms;
  }

  get defaultRoom(): number {
    return this.perEndpoint;
  }
}
