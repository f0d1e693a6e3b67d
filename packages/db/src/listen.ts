import pg from 'pg';

export interface ChannelListener {
  /** Resolves once the first LISTEN is in place, or has failed (it keeps retrying). */
  readonly started: Promise<void>;
  close(): Promise<void>;
}

export interface ListenOptions {
  url: string;
  channel: string;
  applicationName: string;
  onNotify: (payload: string) => void;
  /** Told `true` when listening, `false` when the connection is lost (notifications may be missed). */
  onLiveChange?: (live: boolean) => void;
  onError?: (err: Error) => void;
  reconnectMs?: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Keeps one dedicated connection LISTENing on `channel`, reconnecting after losses. Pooled
 * connections cannot LISTEN reliably, hence the dedicated client.
 */
export const listenChannel = (options: ListenOptions): ChannelListener => {
  if (!IDENTIFIER.test(options.channel))
    throw new Error(`invalid channel name: ${options.channel}`);
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, options.reconnectMs ?? 1_000);
  };

  const drop = (client: pg.Client) => {
    if (current === client) current = undefined;
    options.onLiveChange?.(false);
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    scheduleReconnect();
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: options.applicationName,
    });
    client.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotify(message.payload ?? '');
    });
    client.on('error', (err) => {
      options.onError?.(err);
      drop(client);
    });
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(`listen ${options.channel}`);
      if (closed) return drop(client);
      current = client;
      options.onLiveChange?.(true);
    } catch (err) {
      options.onError?.(err as Error);
      drop(client);
    }
  };

  return {
    started: connect(),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      options.onLiveChange?.(false);
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end();
      }
    },
  };
};
