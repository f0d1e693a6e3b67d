import { describe, expect, it } from 'vitest';
import { moreWarningsText } from './scan-warnings.js';

const warning = { path: '/runs/0/results/1', message: 'bad level', action: 'marked' as const };

describe('scan warnings beyond the ones kept', () => {
  it('when the scan had more warnings than it kept, then "and N more" counts the rest', () => {
    expect(moreWarningsText({ warnings: [warning, warning], warnings_count: 130 })).toBe(
      'and 128 more',
    );
  });

  it('when every warning was kept, then nothing more is said', () => {
    expect(moreWarningsText({ warnings: [warning], warnings_count: 1 })).toBe('');
  });
});
