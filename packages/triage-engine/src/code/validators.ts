const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Checks that constrain a value to a known-good shape, written on a line that also names it.
const GENERIC: [RegExp, string][] = [
  [
    /\bnot\s+in\s+[\w.[({]|\bin\s+(ALLOWED|ALLOW|PERMITTED|VALID|KNOWN|SUPPORTED)\w*/i,
    'allowlist membership',
  ],
  [/\.(includes|has|contains|containsKey)\s*\(/, 'allowlist membership'],
  [/\bslices\.Contains\s*\(|\bmap\[string\]bool\b/, 'allowlist membership'],
  [/\/\^[^/]+\$\/[a-z]*\.test\s*\(/, 'anchored regular-expression check'],
  [/\bre\.(fullmatch|match)\s*\(\s*r?["']\^?[^"']*\$?["']/, 'regular-expression check'],
  [/\.matches\s*\(\s*"|\bPattern\.matches\s*\(/, 'regular-expression check'],
  [/\.MatchString\s*\(/, 'regular-expression check'],
  [/\.(isdigit|isnumeric|isalnum|isidentifier)\s*\(\)/, 'character-class check'],
  [
    /\bvalidator\.is\w+\s*\(|\bisValid\w*\s*\(|\bvalidate\w*\s*\(|\bNumber\.isInteger\s*\(/,
    'validator call',
  ],
];

// Containment checks after normalization (path traversal) and host checks (SSRF, redirects).
const PER_CLASS: Record<string, [RegExp, string][]> = {
  'path-traversal': [
    [
      /\.(startsWith|startswith)\s*\(|\bstrings\.HasPrefix\s*\(|\bis_relative_to\s*\(|\bcommonpath\s*\(/,
      'containment check of the resolved path',
    ],
    [
      /\.includes\s*\(\s*['"]\.\.['"]\s*\)|['"]\.\.['"]\s+in\b|\.contains\s*\(\s*"\.\."\s*\)|strings\.Contains\s*\([^,]+,\s*"\.\."\s*\)/,
      'rejection of ".."',
    ],
  ],
  ssrf: [[/\.(hostname|host|netloc|Host)\b.*(===|==|\bin\b|includes|has\s*\()/, 'host allowlist']],
  'open-redirect': [
    [/\.(hostname|host|netloc|Host)\b.*(===|==|\bin\b|includes|has\s*\()/, 'host allowlist'],
    [/\.(startsWith|startswith)\s*\(\s*['"]\/['"]\s*\)/, 'relative-path check'],
  ],
};

/**
 * A validating check of `name` in `lines` (the statements between its definition and the
 * sink), or null.
 */
export const validatorFor = (
  name: string,
  lines: readonly string[],
  cls: string,
): string | null => {
  const mentions = new RegExp(`(^|[^\\w$.])${escapeRe(name)}\\b`);
  const checks = [...(PER_CLASS[cls] ?? []), ...GENERIC];
  for (const line of lines) {
    if (
      !mentions.test(line) ||
      !/\b(if|unless|assert|return|throw|raise|when|guard|else)\b|\?|&&|\|\|/.test(line)
    )
      continue;
    for (const [re, what] of checks) if (re.test(line)) return what;
  }
  return null;
};
