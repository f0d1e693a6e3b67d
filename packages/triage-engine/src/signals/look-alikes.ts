import type { CodeContext } from '../code/context.js';
import { enclosingHeader } from '../code/definitions.js';
import { hashPurpose, notForSecurity, randomPurpose, type Purpose } from '../code/look-alikes.js';
import { WEIGHTS } from '../scoring/weights.js';
import type { Evidence } from '../types.js';

/**
 * The code a weak hash or a random value is used in: the statement, the two lines after it
 * (where the value is usually consumed) and the enclosing function's header (its name says
 * what it is for).
 */
const usageText = (ctx: CodeContext): string => {
  if (!ctx.lines || !ctx.line) return ctx.sink ?? '';
  const header = enclosingHeader(ctx.lines, ctx.line);
  const after = ctx.lines.slice(ctx.line, ctx.line + 2).join('\n');
  return [header ? ctx.lines[header - 1] : '', ctx.sink ?? '', after].join('\n');
};

const purposeEvidence = (p: Purpose, what: string): Evidence[] => {
  if (p.use === 'security')
    return [
      {
        signal: 'security_use',
        effect: 'true_positive',
        detail: `The ${what} is used for a security purpose (the code names "${p.word}").`,
        weight: WEIGHTS.securityPurpose,
      },
    ];
  if (p.use === 'benign')
    return [
      {
        signal: 'non_security_use',
        effect: 'false_positive',
        detail: `The ${what} serves a non-security purpose (the code names "${p.word}").`,
        weight: WEIGHTS.benignPurpose,
      },
    ];
  return [];
};

/** Weak hashes used for cache keys, ETags or checksums, and `usedforsecurity=False`. */
export const hashSignals = (ctx: CodeContext): Evidence[] => {
  const text = usageText(ctx);
  if (!text.trim()) return [];
  if (notForSecurity(ctx.sink ?? text))
    return [
      {
        signal: 'not_for_security',
        effect: 'false_positive',
        detail: 'The hash is created with usedforsecurity=False: declared as a non-security use.',
        weight: WEIGHTS.notForSecurity,
      },
    ];
  return purposeEvidence(hashPurpose(text), 'hash');
};

/** Non-cryptographic random values used for jitter, sampling or shuffling vs for secrets. */
export const randomSignals = (ctx: CodeContext): Evidence[] => {
  const text = usageText(ctx);
  return text.trim() ? purposeEvidence(randomPurpose(text), 'random value') : [];
};
