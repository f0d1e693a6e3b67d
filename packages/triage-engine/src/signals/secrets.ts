import type { CodeContext } from '../code/context.js';
import { secretValue, type SecretShape } from '../code/secret-value.js';
import { WEIGHTS } from '../scoring/weights.js';
import type { Evidence } from '../types.js';

const TEXT: Record<SecretShape, string> = {
  environment: 'is read from the environment or a settings store, not written in the code',
  placeholder: 'is a placeholder',
  empty: 'is an empty string',
  'name-of-credential': 'names a credential (a field, header or token type) rather than being one',
  prose: 'is prose (a label or message)',
  'url-or-path': 'is a URL or path without credentials',
  'key-format': 'matches the format of a real key',
  'high-entropy': 'is a high-entropy string',
  'password-like': 'looks like a literal password',
};

/** What the flagged value of a hard-coded-secret rule is. */
export const secretSignals = (ctx: CodeContext): Evidence[] => {
  const line = ctx.region && /["'`]/.test(ctx.region) ? ctx.region : (ctx.sink ?? '');
  const value = line ? secretValue(line, ctx.language) : null;
  if (!value) return [];
  const weight = WEIGHTS.secret[value.shape];
  return [
    {
      signal: 'secret_value',
      effect: weight > 0 ? 'true_positive' : 'false_positive',
      detail: `The flagged value${value.masked ? ` (${value.masked})` : ''} ${TEXT[value.shape]}.`,
      weight,
    },
  ];
};
