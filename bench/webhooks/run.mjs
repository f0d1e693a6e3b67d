// bench/webhooks: the real webhook-dispatcher process(es) delivering to 20 local HTTPS receivers
// (16 fast, 3 slow at 200 ms, 1 that never answers), everything subscribed to `*`.
//   1. ceiling: a bare loop of signed HTTPS POSTs from one process to the fast receivers.
//   2. latency: below saturation, events committed one per transaction at BENCH_LATENCY_RATE/s
//      for BENCH_LATENCY_S; prints p50/p99 commit → first attempt per receiver kind.
//   3. throughput: BENCH_EVENTS events committed in batches of 500, once per dispatcher count in
//      BENCH_DISPATCHERS (e.g. `1,2` for the scale-out figure); prints healthy deliveries/s (until
//      every fast receiver has every event, recorded as delivered), CPU per delivery, PostgreSQL
//      transactions and Redis commands per delivery, and the ratio to the ceiling.
// BENCH_DISPATCHER_NODE_ARGS adds node flags to the dispatchers (e.g. `--cpu-prof`), and
// BENCH_DISPATCHER_ENV settings (e.g. `WEBHOOK_CONCURRENCY=64`); the defaults otherwise.
// Needs `pnpm build`, local PostgreSQL and Redis.
import { fileURLToPath } from 'node:url';
import { bareLoop } from './ceiling.mjs';
import { forkReceivers } from './receivers-client.mjs';
import {
  SECRET,
  commitEvents,
  commitPaced,
  deliveredTwice,
  deliveryCounts,
  firstAttemptDelays,
  redisCommands,
  seedStack,
  startDispatchers,
  transactions,
} from './stack.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CA = `${ROOT}/services/webhook-dispatcher/test/fixtures/ca.pem`;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000);
const DISPATCHERS = (process.env.BENCH_DISPATCHERS ?? '1').split(',').map(Number);
const LATENCY_RATE = Number(process.env.BENCH_LATENCY_RATE ?? 10);
const LATENCY_S = Number(process.env.BENCH_LATENCY_S ?? 20);
const PHASES = (process.env.BENCH_PHASES ?? 'ceiling,latency,throughput').split(',');
const NODE_ARGS = (process.env.BENCH_DISPATCHER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const DISPATCHER_ENV = Object.fromEntries(
  (process.env.BENCH_DISPATCHER_ENV ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => pair.split('=')),
);
const KINDS = [...Array(16).fill('fast'), ...Array(3).fill('slow'), 'dead'];
const FAST = KINDS.filter((k) => k === 'fast').length;
const CONCURRENCY = Number(process.env.BENCH_CEILING_CONCURRENCY ?? 32);

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const { child: receivers, ask } = forkReceivers(KINDS);

/** Polls until `done()` (bounded); resolves with the seconds since `started`. */
const until = async (done, started, what, timeoutMs = 30 * 60_000) => {
  for (;;) {
    if (await done()) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const withStack = async (ports, dispatchers, body) => {
  await ask('reset');
  const stack = await seedStack({ kinds: KINDS, ports });
  const { database } = stack;
  let running;
  try {
    running = await startDispatchers({
      root: ROOT,
      count: dispatchers,
      dbUrl: database.url,
      redisUrl: REDIS_URL,
      key: stack.key,
      ca: CA,
      nodeArgs: NODE_ARGS,
      env: DISPATCHER_ENV,
    });
    return await body(stack, running);
  } finally {
    await running?.stop();
    await database.drop();
  }
};

const latencyPhase = (ports) =>
  withStack(ports, 1, async ({ database, orgId, hooks }) => {
    const started = performance.now();
    const events = await commitPaced(database.db, orgId, LATENCY_RATE, LATENCY_S);
    await until(
      async () => (await ask('counts')).counts.fast.deliveries >= events * FAST,
      started,
      'the fast receivers to get every event',
    );
    const delays = await firstAttemptDelays(database.db, hooks);
    return Object.entries(delays).map(([kind, values]) => ({
      receivers: kind,
      first_attempts: values.length,
      'p50 commit→first attempt (ms)': Math.round(percentile(values, 50)),
      'p99 commit→first attempt (ms)': Math.round(percentile(values, 99)),
      'max (ms)': Math.round(Math.max(...values)),
    }));
  });

const throughputPhase = (ports, dispatchers) =>
  withStack(ports, dispatchers, async ({ database, orgId, hooks }, running) => {
    const { db } = database;
    const fastIds = hooks.filter((h) => h.kind === 'fast').map((h) => h.id);
    const expected = EVENTS * FAST;
    const xact0 = await transactions(db);
    const redis0 = await redisCommands(REDIS_URL);
    const cpu0 = running.cpuSeconds();
    const started = performance.now();
    await commitEvents(db, orgId, EVENTS, 500);
    const committedS = (performance.now() - started) / 1000;
    const receivedS = await until(
      async () => (await ask('counts')).counts.fast.deliveries >= expected,
      started,
      'the fast receivers to get every event',
    );
    const recordedS = await until(
      async () => {
        const { n } = await db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'delivered')
          .where('webhook_id', 'in', fastIds)
          .executeTakeFirstOrThrow();
        return Number(n) >= expected;
      },
      started,
      'every fast delivery to be recorded',
    );
    const cpu = running.cpuSeconds() - cpu0;
    const attemptsEach = await running.attemptsEach();
    const { counts } = await ask('counts');
    const redis = (await redisCommands(REDIS_URL)) - redis0;
    const xacts = (await transactions(db)) - xact0;
    const handled = counts.fast.deliveries + counts.slow.deliveries;
    return {
      dispatchers,
      rate: expected / recordedS,
      rows: [
        { measure: 'dispatcher processes', value: dispatchers },
        { measure: 'events committed (s)', value: committedS.toFixed(1) },
        { measure: 'fast deliveries (16 receivers)', value: expected },
        { measure: 'all received by the fast receivers (s)', value: receivedS.toFixed(1) },
        { measure: 'all recorded as delivered (s)', value: recordedS.toFixed(1) },
        { measure: 'healthy deliveries/s', value: Math.round(expected / recordedS) },
        { measure: 'slow deliveries by then (3 receivers)', value: counts.slow.deliveries },
        { measure: 'attempts started on the dead receiver', value: counts.dead.requests },
        {
          measure: 'requests beyond one per delivery (fast+slow)',
          value: counts.fast.requests + counts.slow.requests - handled,
        },
        { measure: 'attempts made by each dispatcher', value: attemptsEach.join(' / ') },
        { measure: 'dispatcher CPU per delivery (µs)', value: Math.round((cpu * 1e6) / handled) },
        { measure: 'PostgreSQL transactions per delivery', value: (xacts / handled).toFixed(3) },
        {
          measure: 'Redis commands per delivery (server-wide)',
          value: (redis / handled).toFixed(3),
        },
        { measure: 'deliveries per status', value: JSON.stringify(await deliveryCounts(db)) },
        { measure: 'deliveries with two 2xx attempts', value: await deliveredTwice(db) },
      ],
    };
  });

const main = async () => {
  const { ports } = await ask('ports');
  try {
    console.log(
      `bench/webhooks: 20 receivers (16 fast, 3 slow at 200 ms, 1 dead), node ${process.version}`,
    );
    let ceiling = NaN;
    if (PHASES.includes('ceiling')) {
      const bare = await bareLoop({
        ports: ports.filter((_, i) => KINDS[i] === 'fast'),
        total: 20_000,
        secret: SECRET,
        ca: CA,
        concurrency: CONCURRENCY,
      });
      ceiling = bare.rate;
      await ask('reset');
      console.log(
        `ceiling: bare signed HTTPS POST loop, ${CONCURRENCY} in flight: ${Math.round(ceiling)} POST/s, CPU ${Math.round(bare.cpuMicrosPerPost)} µs per POST`,
      );
    }
    if (PHASES.includes('latency')) {
      console.log(
        `latency: ${LATENCY_RATE} events/s for ${LATENCY_S} s (${LATENCY_RATE * 19} deliveries/s to live receivers), 1 dispatcher`,
      );
      console.table(await latencyPhase(ports));
    }
    if (PHASES.includes('throughput')) {
      const results = [];
      for (const n of DISPATCHERS) {
        const result = await throughputPhase(ports, n);
        results.push(result);
        console.log(`throughput: ${EVENTS} events committed in batches of 500`);
        console.table(result.rows);
        console.log(`ratio healthy deliveries/s / ceiling: ${(result.rate / ceiling).toFixed(2)}`);
      }
      if (results.length > 1)
        console.log(
          `speed-up ${results.at(-1).dispatchers} vs ${results[0].dispatchers} dispatchers: ${(results.at(-1).rate / results[0].rate).toFixed(2)}`,
        );
    }
  } finally {
    receivers.kill('SIGTERM');
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
