import { describe, expect, it } from 'vitest';
import {
  generateCsrfToken,
  generateSessionId,
  hashSessionId,
  isWellFormedSessionId,
  safeEqual,
} from './session-ids.js';

describe('session ids', () => {
  it('when generated, then the id is well formed, unique, and only its hash is derived for storage', () => {
    const a = generateSessionId();
    const b = generateSessionId();
    expect(isWellFormedSessionId(a.id)).toBe(true);
    expect(a.id).not.toBe(b.id);
    expect(a.hash.equals(hashSessionId(a.id))).toBe(true);
    expect(a.hash.toString('base64url')).not.toBe(a.id);
  });

  it('when an id has the wrong shape, then it is refused before any lookup', () => {
    expect(isWellFormedSessionId('')).toBe(false);
    expect(isWellFormedSessionId(`${generateSessionId().id}x`)).toBe(false);
    expect(isWellFormedSessionId('a'.repeat(42) + '!')).toBe(false);
  });

  it('when compared, then only identical CSRF tokens are equal', () => {
    const t = generateCsrfToken();
    expect(safeEqual(t, t)).toBe(true);
    expect(safeEqual(t, generateCsrfToken())).toBe(false);
    expect(safeEqual(t, t.slice(1))).toBe(false);
  });
});
