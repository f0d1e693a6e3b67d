import { describe, expect, it } from 'vitest';
import { EndpointPace } from './endpoint-pace.js';

describe('endpoint pace', () => {
  it('when an endpoint is slow or unknown, then it gets one round of attempts, and only once fewer are held', () => {
    const pace = new EndpointPace(4);
    for (let i = 0; i < 10; i++) pace.record('dead', 10_000);
    expect(
      pace.rooms(
        new Map([
          ['dead', 4],
          ['new', 3],
        ]),
      ),
    ).toEqual(
      new Map([
        ['dead', 0],
        ['new', 4],
      ]),
    );
    expect(pace.defaultRoom).toBe(4);
  });

  it('when an endpoint answers fast, then it may hold about 250 ms of attempts (at most eight rounds); when it slows down, one round again', () => {
    const pace = new EndpointPace(4);
    for (let i = 0; i < 10; i++) pace.record('fast', 5);
    for (let i = 0; i < 10; i++) pace.record('brisk', 80);
    for (let i = 0; i < 10; i++) pace.record('slow', 200);
    expect(
      pace.rooms(
        new Map([
          ['fast', 10],
          ['brisk', 2],
          ['slow', 2],
        ]),
      ),
    ).toEqual(
      new Map([
        ['fast', 22],
        ['brisk', 10],
        ['slow', 4],
      ]),
    );
    for (let i = 0; i < 30; i++) pace.record('fast', 10_000);
    expect(pace.rounds('fast')).toBe(1);
    expect(pace.rooms(new Map([['fast', 10]]))).toEqual(new Map([['fast', 0]]));
  });
});
