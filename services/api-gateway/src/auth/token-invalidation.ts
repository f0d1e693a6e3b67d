import { listenChannel, type ChannelListener } from '@remediation/db';
import type { Logger } from '@remediation/runtime';
import type { TokenCache } from './token-cache.js';

/**
 * Evicts tokens from the cache when PostgreSQL reports a change (a trigger NOTIFYs
 * `api_token_changed` on revocation, expiry change or deletion). The cache is live only while
 * the listening connection is, so no revocation can be missed.
 */
export const listenForTokenChanges = (options: {
  url: string;
  cache: TokenCache;
  logger: Logger;
}): ChannelListener =>
  listenChannel({
    url: options.url,
    channel: 'api_token_changed',
    applicationName: 'api-gateway-token-listener',
    onNotify: (tokenId) => options.cache.evictToken(tokenId),
    onLiveChange: (live) => options.cache.setLive(live),
    onError: (err) =>
      options.logger.warn({ err: err.message }, 'token change listener lost its connection'),
  });
