import type { LanguageFamily } from './language.js';
import { tokenize } from './tokens.js';

/** What the value a hard-coded-secret rule points at looks like. */
export type SecretShape =
  | 'environment'
  | 'placeholder'
  | 'empty'
  | 'name-of-credential'
  | 'prose'
  | 'url-or-path'
  | 'key-format'
  | 'high-entropy'
  | 'password-like';

export interface SecretValue {
  shape: SecretShape;
  /** The value with its middle masked (never the secret in clear). */
  masked: string;
}

const KEY_FORMATS: RegExp[] = [
  /\bAKIA[0-9A-Z]{16}\b/,
  /\bgh[pousr]_[A-Za-z0-9]{36,}\b/,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/,
  /\bsk_(live|test)_[A-Za-z0-9]{16,}/,
  /\bAIza[0-9A-Za-z_-]{35}\b/,
  /-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----/,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./,
];
const PLACEHOLDER =
  /^(changeme|change[_-]?me|placeholder|dummy|example|sample|todo|tbd|none|null|nil|undefined|secret|password|passwd|xxx+|\*+|\.{3,}|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|%\([^)]*\)s|your[_-]?\w*|insert[_-]?\w*|replace[_-]?\w*|fake\w*|test|redacted)$/i;
const CREDENTIAL_WORD = /pass|pwd|token|secret|key|auth|bearer|basic|session|credential|cookie/i;
const ENVIRONMENT =
  /\b(os\.environ|os\.getenv|getenv|process\.env|System\.getenv|os\.Getenv|os\.LookupEnv|config\.get|settings\.|vault\.|secrets?Manager|keyring\.get)/;

/** Shannon entropy of a string in bits per character. */
export const entropy = (s: string): number => {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
};

const mask = (v: string) =>
  v.length <= 4
    ? '*'.repeat(v.length)
    : `${v.slice(0, 2)}${'*'.repeat(Math.min(v.length - 4, 12))}${v.slice(-2)}`;

/**
 * The shape of the value on a line a secret rule flagged: read from the environment or a
 * settings object, a placeholder, the name of a credential rather than one (`"password"`,
 * `"Bearer"`), prose, a URL or path, a known key format, a high-entropy string, or a short
 * password-like literal. Null when the line has no string literal and no environment read.
 */
export const secretValue = (line: string, lang: LanguageFamily | null): SecretValue | null => {
  if (ENVIRONMENT.test(line)) return { shape: 'environment', masked: '' };
  const strings = tokenize(line, lang).filter((t) => t.type === 'string');
  const literal = strings.map((t) => (t.type === 'string' ? t.value : '')).at(-1);
  if (literal === undefined) return null;
  const v = literal.trim();
  const shape = ((): SecretShape => {
    if (v === '') return 'empty';
    if (KEY_FORMATS.some((re) => re.test(v))) return 'key-format';
    if (PLACEHOLDER.test(v)) return 'placeholder';
    if (/^(https?:\/\/[^:@\s]*|\/[\w./-]*)$/.test(v) && !/[:@]/.test(v.replace(/^https?:/, '')))
      return 'url-or-path';
    if (/^[\w.-]+(\/[\w.-]+)+$/.test(v) && /\.[a-z]{2,5}$|\/$/.test(v)) return 'url-or-path';
    if (/\s/.test(v) && /^[A-Za-z][\w\s,.:;!?'()-]*$/.test(v)) return 'prose';
    if (/^[A-Za-z][A-Za-z_.-]{0,30}$/.test(v) && CREDENTIAL_WORD.test(v))
      return 'name-of-credential';
    if (v.length >= 16 && entropy(v) >= 3.5) return 'high-entropy';
    return 'password-like';
  })();
  return { shape, masked: mask(v) };
};
