import { once } from 'node:events';
import express from 'express';

/** Serves a router on a loopback port; returns its base URL and a close function. */
export async function serve(...routers) {
  const app = express();
  app.use(express.json());
  for (const router of routers) app.use(router);
  app.use((error, req, res, next) => {
    void next;
    res.status(500).json({ error: error.message });
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}
