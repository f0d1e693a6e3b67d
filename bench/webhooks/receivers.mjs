// Child process: HTTPS receivers on ephemeral ports. `fast` answer 200 at once, `slow` after
// 200 ms, `dead` accept the request and never answer. Reports the ports to the parent, then
// answers `{type: 'counts'}` messages with what each kind received: requests, distinct
// deliveries (by X-Service-Delivery-Id) and, for the bare loop, requests without a delivery id.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

const FIXTURES = new URL('../../services/webhook-dispatcher/test/fixtures/', import.meta.url);
const tls = {
  cert: readFileSync(new URL('server.pem', FIXTURES)),
  key: readFileSync(new URL('server.key', FIXTURES)),
};
const kinds = JSON.parse(process.argv[2]);
const counts = {};
const seen = {};
for (const kind of new Set(kinds)) {
  counts[kind] = { requests: 0, deliveries: 0 };
  seen[kind] = new Set();
}

const servers = [];
const ports = await Promise.all(
  kinds.map(
    (kind) =>
      new Promise((resolve) => {
        const server = createServer({ ...tls, keepAliveTimeout: 30_000 }, (req, res) => {
          req.resume();
          req.on('end', () => {
            counts[kind].requests++;
            const id = req.headers['x-service-delivery-id'];
            if (id !== undefined && !seen[kind].has(id)) {
              seen[kind].add(id);
              counts[kind].deliveries++;
            }
            if (kind === 'dead') return;
            if (kind === 'slow') return setTimeout(() => res.end('ok'), 200);
            res.end('ok');
          });
        });
        servers.push(server);
        server.listen(0, '127.0.0.1', () => resolve(server.address().port));
      }),
  ),
);
process.on('message', (message) => {
  if (message.type === 'counts') process.send({ type: 'counts', counts });
  if (message.type === 'reset') {
    for (const kind of Object.keys(counts)) {
      counts[kind] = { requests: 0, deliveries: 0 };
      seen[kind].clear();
    }
    process.send({ type: 'reset' });
  }
});
process.send({ type: 'ports', ports });
process.on('SIGTERM', () => {
  for (const s of servers) s.closeAllConnections();
  process.exit(0);
});
