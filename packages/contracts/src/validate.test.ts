import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { validate, validateCoerced } from './validate.js';

const Schema = Type.Object(
  { name: Type.String(), count: Type.Integer({ minimum: 1, default: 5 }) },
  { additionalProperties: false },
);

describe('validate', () => {
  it('when several fields are wrong, then every problem is listed with its path', () => {
    const result = validate(Schema, { count: 0, extra: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toEqual(
        expect.arrayContaining([
          { path: '/name', message: 'is required' },
          { path: '/extra', message: 'unknown field' },
          { path: '/count', message: 'must be >= 1' },
        ]),
      );
    }
  });

  it('when string input is coerced, then numbers parse, defaults apply and the input is not mutated', () => {
    const input = { name: 'x' };
    const result = validateCoerced(Schema, input);
    expect(result).toEqual({ ok: true, value: { name: 'x', count: 5 } });
    expect(input).toEqual({ name: 'x' });
    expect(validateCoerced(Schema, { name: 'x', count: '3' })).toEqual({
      ok: true,
      value: { name: 'x', count: 3 },
    });
    expect(validateCoerced(Schema, { name: 'x', count: '3.5' }).ok).toBe(false);
  });
});
