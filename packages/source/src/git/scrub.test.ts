import { describe, expect, it } from 'vitest';
import { scrub, secretForms } from './scrub.js';

describe('scrub', () => {
  it('when git output holds URL credentials, headers or known secrets, then none of them survive', () => {
    const credentials = { username: 'bot', password: 'p@ss/w0rd!' };
    const basic = Buffer.from('bot:p@ss/w0rd!').toString('base64');
    const text = [
      "fatal: unable to access 'https://bot:p%40ss%2Fw0rd!@host/r.git/': 403",
      `> Authorization: Basic ${basic}`,
      'token p@ss/w0rd! appeared raw',
      `and encoded ${basic} alone`,
    ].join('\n');
    const out = scrub(text, secretForms(credentials));
    for (const secret of ['p@ss/w0rd!', 'p%40ss%2Fw0rd!', basic]) expect(out).not.toContain(secret);
    expect(out).toContain('https://***@host/r.git/');
    expect(out).toContain('Authorization: [redacted]');
  });

  it('when output is long or has control characters, then it is capped and cleaned', () => {
    const out = scrub(`a\u0007b\u001b[31m${'x'.repeat(2000)}`);
    expect(out.startsWith('ab[31m')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(801);
  });
});
