import { describe, expect, it } from 'vitest';
import { OutcomeRecorder } from './outcome-recorder.js';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('outcome recorder', () => {
  it('when outcomes arrive while a write is in flight, then they go together in the next write', async () => {
    const writes: number[][] = [];
    const gates = [deferred(), deferred()];
    const recorder = new OutcomeRecorder<number>(
      (batch) => {
        writes.push([...batch]);
        return gates[writes.length - 1]!.promise;
      },
      { maxBatch: 2, retryMs: 1, onError: () => undefined },
    );
    recorder.add(1);
    recorder.add(2);
    recorder.add(3);
    recorder.add(4);
    expect(writes).toEqual([[1]]);
    gates[0]!.resolve();
    gates[1]!.resolve();
    const third = deferred();
    gates.push(third);
    third.resolve();
    await recorder.flushed();
    expect(writes).toEqual([[1], [2, 3], [4]]);
    expect(recorder.backlog).toBe(0);
  });

  it('when a write fails, then the same outcomes are written again', async () => {
    const writes: number[][] = [];
    const errors: number[] = [];
    const recorder = new OutcomeRecorder<number>(
      (batch) => {
        writes.push([...batch]);
        return writes.length === 1 ? Promise.reject(new Error('db down')) : Promise.resolve();
      },
      { maxBatch: 10, retryMs: 1, onError: (_err, size) => errors.push(size) },
    );
    recorder.add(7);
    await recorder.flushed();
    expect(writes).toEqual([[7], [7]]);
    expect(errors).toEqual([1]);
  });
});
