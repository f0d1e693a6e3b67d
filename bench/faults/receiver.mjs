// Child process: the customer's HTTPS webhook receiver for bench:faults. Records every request's
// delivery id, event id and event type; while `hang` is on it reads requests and never answers
// (the dispatcher's deadline expires). Messages: `{type:'hang', on}`, `{type:'seen'}` → the
// event ids with their request counts and the delivery ids seen with more than one event id.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

const FIXTURES = new URL('../../services/webhook-dispatcher/test/fixtures/', import.meta.url);
let hang = false;
const events = new Map(); // event id → { type, requests, answered }
const deliveries = new Map(); // delivery id → Set(event id)

const server = createServer(
  {
    cert: readFileSync(new URL('server.pem', FIXTURES)),
    key: readFileSync(new URL('server.key', FIXTURES)),
  },
  (req, res) => {
    req.resume();
    req.on('end', () => {
      const eventId = String(req.headers['x-service-event-id'] ?? '');
      const deliveryId = String(req.headers['x-service-delivery-id'] ?? '');
      const entry = events.get(eventId) ?? {
        type: String(req.headers['x-service-event-type'] ?? ''),
        requests: 0,
        answered: 0,
      };
      entry.requests += 1;
      events.set(eventId, entry);
      const ids = deliveries.get(deliveryId) ?? new Set();
      ids.add(eventId);
      deliveries.set(deliveryId, ids);
      if (hang) return;
      entry.answered += 1;
      res.end('ok');
    });
  },
);
server.listen(0, '127.0.0.1', () => process.send({ type: 'port', port: server.address().port }));
process.on('message', (message) => {
  if (message.type === 'hang') {
    hang = message.on;
    process.send({ type: 'hang' });
  }
  if (message.type === 'seen')
    process.send({
      type: 'seen',
      events: Object.fromEntries(events),
      mixedDeliveries: [...deliveries].filter(([, ids]) => ids.size > 1).map(([id]) => id),
    });
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  process.exit(0);
});
