import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, isWellFormedToken, TOKEN_PREFIX } from './tokens.js';

describe('API tokens', () => {
  it('when generated, then the token has the prefix, 38 base62 characters, a valid checksum, and is unique', () => {
    const tokens = Array.from({ length: 200 }, () => generateToken());
    for (const t of tokens) {
      expect(t.token).toMatch(new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{38}$`));
      expect(isWellFormedToken(t.token)).toBe(true);
      expect(t.hash.equals(hashToken(t.token))).toBe(true);
      expect(t.token.startsWith(t.displayPrefix)).toBe(true);
    }
    expect(new Set(tokens.map((t) => t.token)).size).toBe(200);
  });

  it('when one character is changed, then the checksum rejects the token', () => {
    const { token } = generateToken();
    for (const i of [TOKEN_PREFIX.length, TOKEN_PREFIX.length + 15, token.length - 1]) {
      const c = token[i] === 'x' ? 'y' : 'x';
      expect(isWellFormedToken(`${token.slice(0, i)}${c}${token.slice(i + 1)}`)).toBe(false);
    }
    expect(isWellFormedToken('')).toBe(false);
    expect(isWellFormedToken(`ghp_${token.slice(4)}`)).toBe(false);
  });
});
