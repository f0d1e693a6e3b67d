import type { SgNode } from '@ast-grep/napi';

/** The words of an identifier, string key or dotted name: `resetToken`, `"reset-token"` → reset, token. */
export const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'secret',
  'secrets',
  'password',
  'passwords',
  'passwd',
  'pwd',
  'passphrase',
  'salt',
  'nonce',
  'otp',
  'totp',
  'hotp',
  'csrf',
  'xsrf',
  'credential',
  'credentials',
  'signature',
  'sign',
  'signing',
  'signed',
  'hmac',
  'auth',
  'authenticate',
  'authentication',
  'session',
  'sid',
  'reset',
  'verify',
  'verification',
  'invite',
  'invitation',
  'activation',
  'activate',
  'magic',
  'onetime',
  'mfa',
  'apikey',
  'pin',
]);
/** `key` and `code` guard something only with a qualifier (`api_key`, `reset_code`). */
const KEY_QUALIFIERS = new Set([
  'api',
  'access',
  'secret',
  'signing',
  'private',
  'encryption',
  'session',
  'license',
  'master',
  'auth',
  'activation',
  'reset',
  'verify',
  'verification',
  'confirm',
  'confirmation',
  'login',
  'invite',
  'recovery',
  'backup',
  'otp',
  'sms',
  'email',
  'security',
  'mfa',
  'pairing',
]);
const BOOKKEEPING_WORDS = new Set([
  'cache',
  'cached',
  'etag',
  'checksum',
  'fingerprint',
  'dedup',
  'dedupe',
  'bucket',
  'shard',
  'partition',
  'gravatar',
  'avatar',
  'identicon',
  'md5sum',
  'lock',
  'version',
  'revision',
  'color',
  'colour',
  'jitter',
  'backoff',
  'delay',
  'sleep',
  'wait',
  'timeout',
  'retry',
  'sample',
  'shuffle',
  'index',
  'offset',
  'port',
  'weight',
  'demo',
  'placeholder',
  'filename',
  'slug',
]);
/** `<thing>_hash` names that key files or content rather than protect them. */
const CONTENT_HASH = /(^|_)(file|content|asset|static|body|image|blob)_(hash|digest|md5|sha1)(_|$)/;
const PASSWORD_WORDS = new Set(['password', 'passwords', 'passwd', 'pwd', 'passphrase']);

export const isSecretName = (name: string): boolean => {
  const words = wordsOf(name);
  return words.some(
    (w, i) =>
      SECRET_WORDS.has(w) ||
      ((w === 'key' || w === 'code') && i > 0 && KEY_QUALIFIERS.has(words[i - 1]!)),
  );
};

export const isBookkeepingName = (name: string): boolean =>
  wordsOf(name).some((w) => BOOKKEEPING_WORDS.has(w)) || CONTENT_HASH.test(wordsOf(name).join('_'));

const EXPRESSION_PARENTS = new Set([
  'argument_list',
  'binary_operator',
  'boolean_operator',
  'call',
  'attribute',
  'subscript',
  'parenthesized_expression',
  'generator_expression',
  'list_comprehension',
  'for_in_clause',
  'conditional_expression',
  'list',
  'tuple',
  'interpolation',
  'string',
  'concatenated_string',
  'format_expression',
  'unary_operator',
  'comparison_operator',
  'await',
]);

const targetName = (node: SgNode): string =>
  node.kind() === 'subscript' ? (node.field('subscript')?.text() ?? node.text()) : node.text();

/**
 * The names that describe where an expression's value goes: the variable, attribute or key it
 * is assigned to, the keyword it is passed as, the dictionary key it sits under, and the
 * enclosing function's name (for a value that is returned or yielded).
 */
export const sinkNames = (expression: SgNode): string[] => {
  const names: string[] = [];
  let node: SgNode = expression;
  for (let parent = node.parent(); parent; node = parent, parent = parent.parent()) {
    const kind = String(parent.kind());
    if (kind === 'keyword_argument') names.push(parent.field('name')!.text());
    else if (kind === 'pair') names.push(parent.field('key')!.text());
    else if (kind === 'assignment' || kind === 'augmented_assignment') {
      names.push(targetName(parent.field('left')!));
      break;
    } else if (kind === 'call') {
      // `sign(hashlib.md5(...))`: the callee says what the value is for.
      const callee = parent.field('function');
      if (callee && node.kind() !== 'attribute') names.push(callee.text());
    } else if (!EXPRESSION_PARENTS.has(kind)) break;
  }
  for (let n: SgNode | null = expression.parent(); n; n = n.parent()) {
    if (n.kind() === 'function_definition') {
      names.push(n.field('name')!.text());
      break;
    }
  }
  return names;
};

/** `security` when the sink names say secret, `bookkeeping` when they say cache, else `unknown`. */
export type Purpose = 'security' | 'bookkeeping' | 'unknown';

/** What a value is for, judged from the names of where it goes (nearest name first). */
export const purposeOf = (expression: SgNode): Purpose => {
  for (const name of sinkNames(expression)) {
    if (isBookkeepingName(name)) return 'bookkeeping';
    if (isSecretName(name)) return 'security';
  }
  return 'unknown';
};

/** True when the names around a value say it is a password. */
export const isPasswordValue = (expression: SgNode): boolean =>
  sinkNames(expression).some((n) => wordsOf(n).some((w) => PASSWORD_WORDS.has(w)));
