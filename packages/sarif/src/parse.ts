import type { Problem } from './problem.js';

export type ParseResult = { ok: true; value: unknown } | { ok: false; problems: Problem[] };

const BOM = 0xfeff;

/** Parses SARIF text; a leading UTF-8 byte-order mark is allowed (some Windows tools write one). */
export const parseSarif = (input: string | Buffer): ParseResult => {
  const text = typeof input === 'string' ? input : input.toString('utf8');
  const body = text.charCodeAt(0) === BOM ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (err) {
    return {
      ok: false,
      problems: [{ path: '/', message: `not valid JSON: ${(err as Error).message}` }],
    };
  }
};
