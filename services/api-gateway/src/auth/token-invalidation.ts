import type { Logger } from '@remediation/runtime';
import pg from 'pg';
import type { TokenCache } from './token-cache.js';

const CHANNEL = 'api_token_changed';
const RECONNECT_MS = 1_000;

export interface TokenChangeListener {
  /** Resolves once the first LISTEN is in place (or failed; it keeps retrying). */
  readonly started: Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps one PostgreSQL connection LISTENing for token changes (a trigger NOTIFYs on
 * revocation, expiry change or deletion) and evicts them from the cache. The cache is
 * live only while this connection is; on loss it reconnects every second.
 */
export const listenForTokenChanges = (options: {
  url: string;
  cache: TokenCache;
  logger: Logger;
}): TokenChangeListener => {
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RECONNECT_MS);
  };

  const drop = (client: pg.Client) => {
    if (current === client) current = undefined;
    options.cache.setLive(false);
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    scheduleReconnect();
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: 'api-gateway-token-listener',
    });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) options.cache.evictToken(message.payload);
    });
    client.on('error', (err) => {
      options.logger.warn({ err: err.message }, 'token change listener lost its connection');
      drop(client);
    });
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (closed) {
        drop(client);
        return;
      }
      current = client;
      options.cache.setLive(true);
    } catch (err) {
      options.logger.warn(
        { err: (err as Error).message },
        'token change listener could not connect',
      );
      drop(client);
    }
  };

  return {
    started: connect(),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      options.cache.setLive(false);
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners();
        await client.end();
      }
    },
  };
};
