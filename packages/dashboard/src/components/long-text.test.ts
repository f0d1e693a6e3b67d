import { describe, expect, it } from 'vitest';
import { shortenTail } from './long-text.js';

describe('shortenTail (long rule ids and paths in tables)', () => {
  it('when the text fits, then nothing is cut', () => {
    expect(shortenTail('sonarjs/pseudo-random', 40)).toBeNull();
  });

  it('when a Semgrep rule id is longer than the limit, then its last segments are kept behind an ellipsis, within the limit', () => {
    const id =
      'javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-httponly';
    const short = shortenTail(id, 48)!;
    expect(short.length).toBeLessThanOrEqual(48);
    expect(short).toBe('….express-cookie-session-no-httponly');
    expect(id.endsWith(short.slice(1))).toBe(true);
  });

  it('when the kept part has no separator, then the plain tail is kept', () => {
    expect(shortenTail('x'.repeat(60), 10)).toBe(`…${'x'.repeat(9)}`);
  });
});
