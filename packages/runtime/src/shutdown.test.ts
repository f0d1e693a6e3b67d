import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { createShutdown } from './shutdown.js';

const logger = createLogger({ service: 't', level: 'silent' });

describe('shutdown', () => {
  it('when run, then steps run once, in order, even if one fails (exit code 1)', async () => {
    const order: string[] = [];
    const s = createShutdown({ logger, timeoutMs: 1000 });
    s.add('a', () => void order.push('a'));
    s.add('b', () => Promise.reject(new Error('boom')));
    s.add('c', () => void order.push('c'));
    const [first, second] = await Promise.all([s.run('test'), s.run('again')]);
    expect(order).toEqual(['a', 'c']);
    expect(first).toBe(1);
    expect(second).toBe(1);
  });

  it('when a step hangs past the deadline, then run resolves with 1 at the deadline', async () => {
    const s = createShutdown({ logger, timeoutMs: 1000 });
    s.add('hang', () => new Promise(() => undefined));
    const started = Date.now();
    expect(await s.run('test')).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
