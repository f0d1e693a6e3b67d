import { describe, expect, it } from 'vitest';
import { isOwnCommit, withOwnershipTrailer } from './ownership.js';

describe('ownership trailer', () => {
  it('when a message has no trailers, then the trailer is added after a blank line, once', () => {
    const once = withOwnershipTrailer('Fix it\n\nBecause.', 'rem/a');
    expect(once).toBe('Fix it\n\nBecause.\n\nRemediation-Branch: rem/a\n');
    expect(withOwnershipTrailer(once, 'rem/a')).toBe(once);
  });

  it('when a message ends with trailers, then ours joins them', () => {
    expect(withOwnershipTrailer('Fix it\n\nSigned-off-by: A <a@x>', 'rem/a')).toBe(
      'Fix it\n\nSigned-off-by: A <a@x>\nRemediation-Branch: rem/a\n',
    );
  });

  it("when a head commit has our trailer for the branch or our author's email, then it is ours; otherwise not", () => {
    const bot = { name: 'Bot', email: 'Bot@Example.com' };
    expect(
      isOwnCommit({ message: 'x\n\nRemediation-Branch: rem/a\n', authorEmail: 'dev@x' }, 'rem/a', [
        bot,
      ]),
    ).toBe(true);
    expect(
      isOwnCommit({ message: 'x\n\nRemediation-Branch: rem/b\n', authorEmail: 'dev@x' }, 'rem/a', [
        bot,
      ]),
    ).toBe(false);
    expect(isOwnCommit({ message: 'x', authorEmail: 'bot@example.com' }, 'rem/a', [bot])).toBe(
      true,
    );
    expect(isOwnCommit({ message: 'x', authorEmail: null }, 'rem/a', [bot, undefined])).toBe(false);
  });
});
