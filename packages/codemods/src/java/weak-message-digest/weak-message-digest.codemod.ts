import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import { ensureJavaImport } from '../../imports/java-imports.js';
import { weakDigestSites, type DigestData } from './digest-sites.js';

/** `remediate:java/weak-message-digest`: MD5 / SHA-1 digests → SHA-256. */
export const javaWeakMessageDigest = defineCodemod<DigestData>({
  id: 'remediate:java/weak-message-digest',
  languages: ['java'],
  rules: {
    codeql: ['java/weak-cryptographic-algorithm'],
    semgrep: [
      'java.lang.security.audit.crypto.weak-hash.use-of-md5',
      'java.lang.security.audit.crypto.weak-hash.use-of-sha1',
      'java.lang.security.audit.crypto.use-of-md5.use-of-md5',
      'java.lang.security.audit.crypto.use-of-sha1.use-of-sha1',
      'java.lang.security.audit.crypto.use-of-md5-digest-utils.use-of-md5-digest-utils',
    ],
    spotbugs: ['WEAK_MESSAGE_DIGEST_MD5', 'WEAK_MESSAGE_DIGEST_SHA1'],
    sonarqube: ['java:S4790', 'java:S2070'],
  },
  cwe: [327, 328],
  owasp: ['A02:2021'],
  title: 'SHA-256 instead of MD5 / SHA-1 message digests',
  description:
    'Replaces `MessageDigest.getInstance("MD5" | "MD2" | "SHA-1" | "SHA1" | "SHA")` (the name ' +
    'inline, or in a `static final` field or local constant used only for digests, fully ' +
    'qualified or not) with `"SHA-256"`, and the commons-codec `DigestUtils.md5Hex/sha1Hex/...` ' +
    '(also statically imported) and Guava `Hashing.md5()/sha1()` calls with their SHA-256 ' +
    'counterparts, whatever the names say: a `behaviour_change`, as digests differ. Declined ' +
    'with a reason: password hashing (needs a KDF and a migration), digests a protocol fixes ' +
    '(WebSocket accept key, `Content-MD5`), signature schemes such as `SHA1withRSA` (the verifier ' +
    'uses the same), and the body of a method named for the algorithm (`md5Hex`, `getSha1Digest`: a ' +
    'library\u2019s own MD5/SHA-1 API, whose callers ask for that digest).',
  rationale: {
    problem:
      'MD5 and SHA-1 are broken: collisions can be computed (SHA-1 chosen-prefix collisions cost ' +
      'tens of thousands of dollars, MD5 seconds), so a digest no longer proves that data was not ' +
      'substituted, and signatures or integrity checks built on it can be forged.',
    change:
      'The same API is asked for SHA-256: the algorithm name becomes `"SHA-256"` (every Java ' +
      'platform is required to provide it), or the library call becomes its SHA-256 variant.',
    safety:
      'The call keeps its type (`MessageDigest`, `byte[]`, hex `String`, Guava `HashFunction`), so ' +
      'the code compiles and runs unchanged; only the digest values differ (32 bytes, 64 hex ' +
      'characters). Digests already stored or exchanged will not match new ones (the fix is ' +
      'marked as a behaviour change for the reviewer); it refuses where the method hashes a ' +
      'password (which needs a slow KDF and a migration, not SHA-256) or computes a value a ' +
      'protocol defines with the old algorithm (the WebSocket handshake, `Content-MD5`).',
  },
  references: [
    { title: 'CWE-328: Use of Weak Hash', url: 'https://cwe.mitre.org/data/definitions/328.html' },
    {
      title: 'Java Security Standard Algorithm Names: MessageDigest',
      url: 'https://docs.oracle.com/en/java/javase/21/docs/specs/security/standard-names.html#messagedigest-algorithms',
    },
    {
      title: 'OWASP Cryptographic Storage Cheat Sheet',
      url: 'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
    },
  ],
  detect: weakDigestSites,
  fix: ({ data }, editor, ctx) => {
    if (!data) return;
    if (data.refusal) return notApplicable('unsafe_to_change', data.refusal);
    const owner = data.owner ? `${ensureJavaImport(editor, data.owner)}.` : '';
    editor.replace(data.target, `${owner}${data.replacement}`);
    ctx.behaviourChange(
      'the digest is now SHA-256 (32 bytes, 64 hex characters): digests stored or exchanged under the old algorithm no longer match and must be recomputed',
    );
  },
});
