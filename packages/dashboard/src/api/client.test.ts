import { describe, expect, it } from 'vitest';
import { ApiError } from './client.js';

describe('API errors', () => {
  it('when the API names problems, then each field finds its own (nested paths included) and others find none', () => {
    const e = new ApiError(400, 'validation_failed', 'request body is invalid', 'req_1', [
      { path: '/settings/labels/0', message: 'must NOT have more than 50 characters' },
      { path: '/settings/min_severity', message: 'must be equal to one of the allowed values' },
    ]);
    expect(e.problemAt('/settings/labels')).toBe('must NOT have more than 50 characters');
    expect(e.problemAt('/settings/min_severity')).toBe(
      'must be equal to one of the allowed values',
    );
    expect(e.problemAt('/settings/min')).toBeUndefined();
    expect(e.problemAt('/settings/auto_pr')).toBeUndefined();
  });
});
