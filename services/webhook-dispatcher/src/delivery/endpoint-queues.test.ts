import { describe, expect, it } from 'vitest';
import { EndpointQueues } from './endpoint-queues.js';

const item = (webhookId: string, n: number) => ({ webhookId, n });
const startAll = <T extends { webhookId: string }>(q: EndpointQueues<T>) => {
  const started: T[] = [];
  for (let next = q.next(); next; next = q.next()) started.push(next);
  return started;
};

describe('endpoint queues', () => {
  it('when one webhook has a backlog, then at most its limit runs and other webhooks are not held up', () => {
    const q = new EndpointQueues<ReturnType<typeof item>>(2, 10);
    for (let i = 0; i < 6; i++) q.add(item('dead', i));
    q.add(item('fast', 0));
    const started = startAll(q);
    expect(started.map((s) => `${s.webhookId}${s.n}`)).toEqual(['dead0', 'fast0', 'dead1']);
    expect(q.inFlight).toBe(3);
    expect(q.holdings()).toEqual(
      new Map([
        ['dead', 6],
        ['fast', 1],
      ]),
    );
    q.finish(started[1]!);
    expect(q.holdings()).toEqual(new Map([['dead', 6]]));
    q.finish(started[0]!);
    expect(q.next()).toMatchObject({ webhookId: 'dead', n: 2 });
  });

  it('when the total limit is reached, then nothing starts until an attempt finishes, and webhooks take turns', () => {
    const q = new EndpointQueues<ReturnType<typeof item>>(4, 2);
    for (const id of ['a', 'a', 'a', 'b', 'c']) q.add(item(id, 0));
    const first = startAll(q);
    expect(first.map((s) => s.webhookId)).toEqual(['a', 'b']);
    q.finish(first[0]!);
    expect(q.next()?.webhookId).toBe('c');
    expect(q.next()).toBeUndefined();
  });

  it('when waiting items are taken back (shutdown), then running ones stay counted until they finish', () => {
    const q = new EndpointQueues<ReturnType<typeof item>>(1, 10);
    q.add(item('a', 0));
    q.add(item('a', 1));
    q.add(item('b', 0));
    const running = startAll(q);
    expect(running).toHaveLength(2);
    expect(q.takeWaiting()).toEqual([item('a', 1)]);
    expect(q.size).toBe(2);
    for (const r of running) q.finish(r);
    expect(q.size).toBe(0);
    expect(q.holdings()).toEqual(new Map());
  });
});
