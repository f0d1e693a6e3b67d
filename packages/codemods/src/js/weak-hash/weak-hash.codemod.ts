import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { enclosingStatement } from '../../engine/source-file.js';
import { argsOf, calleeName, enclosingFunction, stringValue } from '../common/calls.js';

type Data = { hmac: boolean };

const WEAK = new Set(['md5', 'md4', 'sha1', 'sha-1', 'rsa-md5', 'rsa-sha1']);
const PASSWORD = /pass(word|wd)?|pwd/i;
const SECURITY =
  /token|secret|signature|sign|nonce|session|api_?key|apikey|csrf|xsrf|otp|verif|auth|credential|integrity|hmac|salt|reset|invite|cookie/i;

/** The names around a hash call that say what it is for: the statement and the enclosing function. */
const contextOf = (call: SgNode): string => {
  const fn = enclosingFunction(call);
  const name =
    fn?.field('name')?.text() ??
    fn?.parent()?.field('name')?.text() ??
    fn?.parent()?.field('key')?.text() ??
    '';
  return `${name} ${enclosingStatement(call).text()}`;
};

/** `remediate:js/weak-hash`: `createHash('md5' | 'sha1')` for security → `sha256`. */
export const jsWeakHash = defineCodemod<Data>({
  id: 'remediate:js/weak-hash',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/weak-cryptographic-algorithm'],
    semgrep: [
      'rules_lgpl_javascript_crypto_rule-node-md5',
      'rules_lgpl_javascript_crypto_rule-node-sha1',
    ],
    eslint: ['sonarjs/hashing'],
    njsscan: ['node_md5', 'node_sha1'],
    snyk: ['javascript/InsecureHash'],
    sonarqube: ['javascript:S4790', 'typescript:S4790'],
  },
  cwe: [328, 327],
  owasp: ['A02:2021'],
  title: 'SHA-256 instead of MD5 or SHA-1 for security digests',
  description:
    "Changes `createHash('md5')`/`createHash('sha1')` (and `createHmac` with them) to `sha256` " +
    'where the digest protects something: a token, a signature, a session or API key, an HMAC. ' +
    'Digests with no visible security use (ETags, cache keys, checksums) and password hashes ' +
    '(which need a slow KDF and a migration) are left for a person.',
  rationale: {
    problem:
      'MD5 and SHA-1 are broken: collisions can be computed cheaply (SHA-1 since SHAttered, MD5 ' +
      'in seconds), so a digest that vouches for a token, a signature or a request can be forged.',
    change:
      "The algorithm name becomes `'sha256'`; the call, its arguments and the digest encoding " +
      'stay as they were.',
    safety:
      'The digest is now 32 bytes instead of 16 or 20 (64 hex characters instead of 32 or 40): ' +
      'digests already stored or shared with another system under the old algorithm no longer ' +
      'match and must be re-issued. Non-security uses and password hashing are not changed.',
  },
  references: [
    {
      title: 'CWE-328: Use of Weak Hash',
      url: 'https://cwe.mitre.org/data/definitions/328.html',
    },
    {
      title: 'Node.js crypto.createHash',
      url: 'https://nodejs.org/api/crypto.html#cryptocreatehashalgorithm-options',
    },
    {
      title: 'OWASP A02:2021 Cryptographic Failures',
      url: 'https://owasp.org/Top10/A02_2021-Cryptographic_Failures/',
    },
  ],
  detect: (file) =>
    file.root
      .findAll({ rule: { kind: 'call_expression' } })
      .filter((call) => ['createHash', 'createHmac'].includes(calleeName(call) ?? ''))
      .flatMap((call) => {
        const algorithm = argsOf(call)[0];
        const value = stringValue(algorithm);
        if (!algorithm || value === null || !WEAK.has(value.toLowerCase())) return [];
        return [
          { node: algorithm, anchors: [call], data: { hmac: calleeName(call) === 'createHmac' } },
        ];
      }),
  fix: ({ node, data }, editor, ctx) => {
    const call = node.parent()!.parent()!;
    const context = contextOf(call);
    if (!data?.hmac && PASSWORD.test(context)) {
      return notApplicable(
        'unsafe_to_change',
        'a password hash needs a slow key derivation function (scrypt, Argon2) and a migration of the stored hashes, not a faster digest',
      );
    }
    if (!data?.hmac && !SECURITY.test(context)) {
      return notApplicable(
        'unsafe_to_change',
        'no security use is visible (a checksum, cache key or ETag?): changing the algorithm changes every stored digest; mark the finding as a non-security use instead',
      );
    }
    const quote = node.text()[0] === '`' ? '`' : node.text()[0]!;
    editor.replace(node, `${quote}sha256${quote}`);
    ctx.note('Digests stored under the old algorithm no longer match: re-issue them.');
  },
});
