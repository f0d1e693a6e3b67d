import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface Listening {
  port: number;
  /** Stops accepting connections and waits for in-flight requests. */
  stop(): Promise<void>;
}

/** Listens over HTTPS when a certificate is given, else plain HTTP (TLS ends at the ingress). */
export const start = async (
  app: Express,
  options: { port: number; host: string; tls?: { certFile: string; keyFile: string } | undefined },
): Promise<Listening> => {
  const server: Server = options.tls
    ? createHttpsServer(
        { cert: readFileSync(options.tls.certFile), key: readFileSync(options.tls.keyFile) },
        app,
      )
    : createHttpServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeIdleConnections();
      }),
  };
};
