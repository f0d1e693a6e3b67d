import type { Change, ChangePurpose } from '../types.js';

/** The single splice turning `before` into `after` (common prefix and suffix kept), or null. */
export const textChange = (
  before: string,
  after: string,
  purpose: ChangePurpose,
): Change | null => {
  if (before === after) return null;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end++;
  }
  return {
    purpose,
    start,
    end: before.length - end,
    text: after.slice(start, after.length - end),
  };
};
