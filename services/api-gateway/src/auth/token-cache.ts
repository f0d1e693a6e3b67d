import { LRUCache } from 'lru-cache';
import type { AuthContext } from './auth-context.js';

export interface CachedToken {
  context: AuthContext;
  /** Epoch ms after which the token is refused, or null. */
  expiresAt: number | null;
  /** Epoch ms when last_used_at was last written (0 = never). */
  touchedAt: number;
}

/**
 * Resolved tokens by SHA-256, so most requests skip the token query. Entries are dropped
 * when PostgreSQL reports a change to the token (see token-invalidation.ts); while that
 * report channel is down the cache answers nothing, so a revocation is never missed.
 */
export class TokenCache {
  private readonly byHash: LRUCache<string, CachedToken>;
  private readonly hashById = new Map<string, string>();
  private live = false;

  constructor(options: { max: number; ttlMs: number }) {
    this.byHash = new LRUCache({
      max: options.max,
      ttl: options.ttlMs,
      dispose: (entry) => {
        this.hashById.delete(entry.context.tokenId);
      },
    });
  }

  get(hash: string): CachedToken | undefined {
    return this.live ? this.byHash.get(hash) : undefined;
  }

  set(hash: string, entry: CachedToken): void {
    if (!this.live) return;
    this.byHash.set(hash, entry);
    this.hashById.set(entry.context.tokenId, hash);
  }

  delete(hash: string): void {
    this.byHash.delete(hash);
  }

  /** Drops the token with this id, whichever hash it was cached under. */
  evictToken(tokenId: string): void {
    const hash = this.hashById.get(tokenId);
    if (hash !== undefined) this.byHash.delete(hash);
  }

  /** Whether change reports are arriving; going down empties the cache. */
  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.byHash.clear();
  }

  get size(): number {
    return this.byHash.size;
  }
}
