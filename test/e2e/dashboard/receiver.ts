import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(
  new URL('../../../services/webhook-dispatcher/test/fixtures/', import.meta.url),
);

/** The test CA the dispatcher is told to trust (WEBHOOK_CA_FILE). */
export const RECEIVER_CA_FILE = `${FIXTURES}ca.pem`;

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A local HTTPS webhook receiver (certificate for localhost and 127.0.0.1 from the dispatcher's test CA). */
export const startReceiver = async (): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> => {
  const received: Received[] = [];
  const server: Server = createServer(
    { cert: readFileSync(`${FIXTURES}server.pem`), key: readFileSync(`${FIXTURES}server.key`) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/remediation`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
