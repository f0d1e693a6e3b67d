import { describe, expect, it } from 'vitest';
import {
  generatePassword,
  hashPassword,
  passwordProblems,
  verifyDecoyPassword,
  verifyPassword,
} from './passwords.js';

describe('passwords', () => {
  it('when hashed, then the same password verifies and another does not, and the hash is salted', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterx', hash)).toBe(false);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('when the stored value is malformed, then nothing verifies', async () => {
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$0$8$1$AA==$AA==')).toBe(false);
    expect(await verifyDecoyPassword('anything')).toBe(false);
  });

  it('when a one-time password is generated, then it is long, URL-safe and unique', () => {
    const all = Array.from({ length: 50 }, generatePassword);
    for (const p of all) expect(p).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(new Set(all).size).toBe(50);
    expect(passwordProblems(all[0]!)).toEqual([]);
  });

  it('when a chosen password is too short or too long, then a problem is reported', () => {
    expect(passwordProblems('short')).toEqual(['must be at least 12 characters']);
    expect(passwordProblems('x'.repeat(257))).toEqual(['must be at most 256 characters']);
  });
});
