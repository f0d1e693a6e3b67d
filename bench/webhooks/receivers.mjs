// Child process: HTTPS receivers on ephemeral ports. `fast` answer 200 at once, `slow` after
// 200 ms, `dead` accept the request and never answer. Reports the ports to the parent.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

const FIXTURES = new URL('../../services/webhook-dispatcher/test/fixtures/', import.meta.url);
const tls = {
  cert: readFileSync(new URL('server.pem', FIXTURES)),
  key: readFileSync(new URL('server.key', FIXTURES)),
};
const kinds = JSON.parse(process.argv[2]);
const servers = [];
const ports = await Promise.all(
  kinds.map(
    (kind) =>
      new Promise((resolve) => {
        const server = createServer({ ...tls, keepAliveTimeout: 30_000 }, (req, res) => {
          req.resume();
          req.on('end', () => {
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
process.send({ ports });
process.on('SIGTERM', () => {
  for (const s of servers) s.closeAllConnections();
  process.exit(0);
});
