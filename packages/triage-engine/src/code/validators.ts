import { escapeRe } from './escape-re.js';

/** A check found before the sink; `strong` checks pin the value to a known-good set or shape. */
export interface Check {
  what: string;
  strong: boolean;
}

type Pattern = [(name: string) => RegExp, string, boolean];
const fixed = (re: RegExp) => () => re;

// Checks that constrain a value to a known-good shape, written on a line that also names it.
const GENERIC: Pattern[] = [
  [
    fixed(/\bnot\s+in\s+[\w.[({]|\bin\s+(ALLOWED|ALLOW|PERMITTED|VALID|KNOWN|SUPPORTED)\w*/i),
    'allowlist membership',
    true,
  ],
  [fixed(/\.(includes|has|contains|containsKey)\s*\(/), 'allowlist membership', true],
  [fixed(/\bslices\.Contains\s*\(/), 'allowlist membership', true],
  [
    (n) =>
      new RegExp(
        `!\\s*\\w+\\[\\s*${n}\\s*\\]|\\w+\\[\\s*${n}\\s*\\]\\s*[!=]=\\s*(nil|false|undefined)`,
      ),
    'allowlist lookup',
    true,
  ],
  [fixed(/\/\^[^/]+\$\/[a-z]*\.test\s*\(/), 'anchored regular-expression check', true],
  [
    fixed(/\bre\.(fullmatch|match)\s*\(\s*r?["']\^?[^"']*\$?["']/),
    'regular-expression check',
    true,
  ],
  [fixed(/\.matches\s*\(\s*"|\bPattern\.matches\s*\(/), 'regular-expression check', true],
  [fixed(/\.MatchString\s*\(/), 'regular-expression check', true],
  [fixed(/\.(isdigit|isnumeric|isalnum|isidentifier)\s*\(\)/), 'character-class check', false],
  [
    fixed(/\bvalidator\.is\w+\s*\(|\bisValid\w*\s*\(|\bvalidate\w*\s*\(|\bNumber\.isInteger\s*\(/),
    'validator call',
    false,
  ],
];

// Containment checks after normalization (path traversal) and host checks (SSRF, redirects).
const HOST = /\.(hostname|host|netloc|Host)\b.*(===|==|\bin\b|includes|has\s*\()/;
const PER_CLASS: Record<string, Pattern[]> = {
  'path-traversal': [
    [
      fixed(
        /\.(startsWith|startswith)\s*\(|\bstrings\.HasPrefix\s*\(|\bis_relative_to\s*\(|\bcommonpath\s*\(/,
      ),
      'containment check of the resolved path',
      true,
    ],
    [
      fixed(
        /\.includes\s*\(\s*['"]\.\.['"]\s*\)|['"]\.\.['"]\s+in\b|\.contains\s*\(\s*"\.\."\s*\)|strings\.Contains\s*\([^,]+,\s*"\.\."\s*\)/,
      ),
      'rejection of ".."',
      true,
    ],
  ],
  ssrf: [[fixed(HOST), 'host allowlist', true]],
  'open-redirect': [
    [fixed(HOST), 'host allowlist', true],
    [fixed(/\.(startsWith|startswith)\s*\(\s*['"]\/['"]\s*\)/), 'relative-path check', true],
  ],
};

const GUARD = /\b(if|unless|assert|return|throw|raise|when|guard|else)\b|\?|&&|\|\|/;

/**
 * A validating check of `name` in `lines` (the statements between its definition and the
 * sink), or null.
 */
export const validatorFor = (name: string, lines: readonly string[], cls: string): Check | null => {
  // Prototype pollution: indexing an object by the key is the bug itself (`if (!doc[key])`), and
  // a membership test reads the same for a block-list as for an allow-list; only the flow
  // reconstruction, which runs the guard with each prototype key, can tell.
  if (cls === 'prototype-pollution') return null;
  const n = escapeRe(name);
  const mentions = new RegExp(`(^|[^\\w$.])${n}\\b`);
  const checks = [...(PER_CLASS[cls] ?? []), ...GENERIC];
  for (const line of lines) {
    if (!mentions.test(line) || !GUARD.test(line)) continue;
    for (const [re, what, strong] of checks) if (re(n).test(line)) return { what, strong };
  }
  return null;
};
