import { describe, expect, it } from 'vitest';
import { nextState } from './next-state.js';

const policy = { maxAttempts: 5, schedule: [30_000, 120_000, 600_000, 3_600_000] };
const failed = { delivered: false, errorClass: 'http_status' as const };

describe('nextState', () => {
  it('when an attempt fails before the last, then the delivery is due again after the scheduled delay', () => {
    expect(nextState(failed, 1, policy, 0)).toEqual({
      status: 'pending',
      nextAttemptAt: new Date(30_000),
    });
    expect(nextState(failed, 4, policy, 0).nextAttemptAt).toEqual(new Date(3_600_000));
  });

  it('when the receiver asks for a Retry-After, then it is honoured within the schedule bounds', () => {
    expect(nextState({ ...failed, retryAfterMs: 90_000 }, 1, policy, 0).nextAttemptAt).toEqual(
      new Date(90_000),
    );
    expect(nextState({ ...failed, retryAfterMs: 1_000 }, 2, policy, 0).nextAttemptAt).toEqual(
      new Date(120_000),
    );
  });

  it('when the fifth attempt fails, or the secret is unreadable, then the delivery fails for good', () => {
    expect(nextState(failed, 5, policy, 0)).toEqual({ status: 'failed', nextAttemptAt: null });
    expect(nextState({ delivered: false, errorClass: 'secret_unreadable' }, 1, policy, 0)).toEqual({
      status: 'failed',
      nextAttemptAt: null,
    });
  });

  it('when an attempt succeeds, then the delivery is delivered', () => {
    expect(nextState({ delivered: true, errorClass: null }, 3, policy, 0)).toEqual({
      status: 'delivered',
      nextAttemptAt: null,
    });
  });
});
