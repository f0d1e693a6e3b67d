import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { ensurePythonFromImport } from '../../imports/python-imports.js';
import { appendArgument, hasSplat, isFalse, keyword, positional } from '../shared/args.js';
import { isBookkeepingName, isPasswordValue, isSecretName, purposeOf } from '../shared/context.js';
import { calleeName, importMap, importSources, rootName, type ImportMap } from '../shared/names.js';
import { literalValue } from '../shared/strings.js';
import { allowsPythonBefore } from '../shared/requires-python.js';
import { nestedSites, statementSites } from '../shared/statement-sites.js';
import { dropImportsIfUnused, renameSoleFromImport } from '../shared/unused-import.js';

const WEAK = new Set(['md5', 'sha1', 'md4', 'md2', 'sha']);

interface Data {
  /**
   * `flag` (`usedforsecurity=False`) when the names say the digest only keys a cache or a file,
   * else `sha256`: triage has judged the finding real, and an unclear purpose is no reason to
   * leave it (the new digest is flagged as a behaviour change for the reviewer instead).
   */
  action: 'sha256' | 'flag';
  /**
   * `hashlib` digests, `cryptography`'s `hashes.MD5()`/`hashes.SHA1()` algorithm objects, or
   * PyCryptodome's `MD5.new(data)` (`from Crypto.Hash import MD5`; `module` is its package).
   */
  library?: 'cryptography' | 'pycryptodome';
  module?: string;
  /** What names the algorithm: the callee (`md5`, `hashlib.md5`) or the `'md5'` literal. */
  algorithm: SgNode;
  style: 'attribute' | 'name' | 'new';
  refusal?: string;
}

/** The identifiers and attribute names inside the hashed data (`user.password.encode()`). */
const dataNames = (call: SgNode): string[] =>
  positional(call).flatMap((arg) =>
    [arg, ...arg.findAll({ rule: { kind: 'identifier' } })].map((n) => n.text()),
  );

/** Security, bookkeeping or unknown: from where the digest goes, else from what is hashed. */
const purpose = (call: SgNode): 'security' | 'bookkeeping' | 'unknown' => {
  const byUse = purposeOf(call);
  if (byUse !== 'unknown') return byUse;
  const names = dataNames(call);
  if (names.some(isSecretName)) return 'security';
  if (names.some(isBookkeepingName)) return 'bookkeeping';
  return 'unknown';
};

const refusalOf = (call: SgNode): string | undefined => {
  if (isPasswordValue(call) || dataNames(call).some((n) => /passw|pwd|passphrase/i.test(n))) {
    return 'a password hash needs a slow salted KDF (hashlib.scrypt, argon2), a migration of the stored hashes and the code that verifies them: one call site cannot change that correctly, and a faster digest is no fix';
  }
  return hasSplat(call) ? 'the call passes *args or **kwargs' : undefined;
};

/**
 * Why the callee's root name may not be hashlib at run time: it is imported from several
 * modules (`from sha1dc import sha1`, falling back to `from hashlib import sha1`).
 */
const ambiguousImport = (root: SgNode, callee: SgNode): string | undefined => {
  const local = rootName(callee);
  const sources = [...new Set(importSources(root, local))];
  if (sources.length < 2) return undefined;
  return `${local} is imported from several modules (${sources.join(', ')}), whichever import succeeds at run time: a rewrite to hashlib.sha256 would replace the other module's function too`;
};

const CRYPTOGRAPHY_HASHES = 'cryptography.hazmat.primitives.hashes';
const PADDING = 'cryptography.hazmat.primitives.asymmetric.padding';

/**
 * The call a node is an argument of (positional or keyword), or null: `MGF1(...)` for the
 * `hashes.SHA1()` in `padding.MGF1(algorithm=hashes.SHA1())`.
 */
const argumentOf = (node: SgNode): SgNode | null => {
  let list = node.parent();
  if (list?.kind() === 'keyword_argument') list = list.parent();
  return list?.kind() === 'argument_list' ? list.parent() : null;
};

/**
 * `cryptography`'s `hashes.MD5()`/`hashes.SHA1()` (`from ...hashes import SHA1`, aliases):
 * SHA-256 as for hashlib, except as the hash of RSA OAEP or MGF1 padding, which is declined.
 */
const cryptographyDigest = (call: SgNode, name: string, imports: ImportMap): Site<Data>[] => {
  const fn = name.slice(CRYPTOGRAPHY_HASHES.length + 1);
  if (fn !== 'MD5' && fn !== 'SHA1') return [];
  const callee = call.field('function')!;
  const algorithm = callee.kind() === 'attribute' ? callee.field('attribute')! : callee;
  const style: Data['style'] = callee.kind() === 'attribute' ? 'attribute' : 'name';
  const outer = argumentOf(call);
  const padding = outer && calleeName(outer, imports);
  const refusal =
    padding === `${PADDING}.MGF1` || padding === `${PADDING}.OAEP`
      ? `${fn === 'MD5' ? 'MD5' : 'SHA-1'} is the hash of RSA ${padding.slice(PADDING.length + 1)} padding, whose security does not rest on collision resistance, and the party that decrypts must use the same hash: both ends change together, not this call alone`
      : hasSplat(call)
        ? 'the call passes *args or **kwargs'
        : undefined;
  const data: Data = {
    action: 'sha256',
    library: 'cryptography',
    algorithm,
    style,
    ...(refusal ? { refusal } : {}),
  };
  return [{ node: call, data }];
};

const PYCRYPTODOME = /^(Crypto|Cryptodome)\.Hash\.(MD2|MD4|MD5|SHA|SHA1)\.new$/;

/**
 * PyCryptodome's (and PyCrypto's) `MD5.new(data)` after `from Crypto.Hash import MD5`
 * (`Cryptodome.Hash` too): SHA-256 as for hashlib, `SHA256.new(data)` imported from the same
 * package; there is no `usedforsecurity` flag to keep a bookkeeping digest. The fully qualified
 * `Crypto.Hash.MD5.new(...)` (which needs another submodule imported) is left with the reason.
 */
const pycryptodomeDigest = (call: SgNode, name: string): Site<Data>[] => {
  const [, pkg] = PYCRYPTODOME.exec(name)!;
  const object = call.field('function')!.field('object')!;
  if (object.kind() !== 'identifier') {
    return [
      {
        node: call,
        decline: `${object.text()}.new is reached through the package path: SHA256 is another submodule, which this file would have to import as well`,
      },
    ];
  }
  const refusal = refusalOf(call);
  const data: Data = {
    action: 'sha256',
    library: 'pycryptodome',
    module: `${pkg}.Hash`,
    algorithm: object,
    style: 'name',
    ...(refusal ? { refusal } : {}),
  };
  return [{ node: call, data }];
};

/**
 * Every `hashlib` MD5/SHA-1 digest not already marked `usedforsecurity=False`, and every
 * `cryptography` MD5/SHA-1 hash algorithm object.
 */
const weakDigests = (file: SourceFile): Site<Data>[] => {
  const imports = importMap(file.root);
  return file.root.findAll({ rule: { kind: 'call' } }).flatMap((call): Site<Data>[] => {
    const name = calleeName(call, imports);
    if (name?.startsWith(`${CRYPTOGRAPHY_HASHES}.`)) return cryptographyDigest(call, name, imports);
    if (name && PYCRYPTODOME.test(name)) return pycryptodomeDigest(call, name);
    if (!name?.startsWith('hashlib.')) return [];
    const fn = name.slice('hashlib.'.length);
    const callee = call.field('function')!;
    let algorithm: SgNode;
    let style: Data['style'];
    if (fn === 'new') {
      const first = positional(call)[0] ?? keyword(call, 'name')?.field('value');
      if (!first || !WEAK.has((literalValue(first) ?? '').toLowerCase())) return [];
      algorithm = first;
      style = 'new';
    } else if (WEAK.has(fn)) {
      algorithm = callee.kind() === 'attribute' ? callee.field('attribute')! : callee;
      style = callee.kind() === 'attribute' ? 'attribute' : 'name';
    } else return [];
    const ambiguity = ambiguousImport(file.root, callee);
    if (ambiguity) return [{ node: call, decline: ambiguity }];
    if (style === 'new' && /^sha$/i.test(literalValue(algorithm) ?? '')) {
      return [
        {
          node: call,
          decline:
            "the algorithm name 'sha' is SHA-0 in old OpenSSL builds and unknown to current ones, where hashlib.new raises ValueError: a rewrite would change whether the call raises",
        },
      ];
    }
    if (isFalse(keyword(call, 'usedforsecurity')?.field('value') ?? undefined)) return [];
    const kind = purpose(call);
    const refusal = refusalOf(call);
    const data: Data = {
      action: kind === 'bookkeeping' ? 'flag' : 'sha256',
      algorithm,
      style,
      ...(refusal ? { refusal } : {}),
    };
    return [{ node: call, data }];
  });
};

/** `remediate:python/weak-hash`: MD5/SHA-1 → SHA-256, or `usedforsecurity=False` for cache keys. */
export const pythonWeakHash = defineCodemod<Data>({
  id: 'remediate:python/weak-hash',
  languages: ['python'],
  rules: {
    bandit: ['B303', 'B324'],
    codeql: ['py/weak-sensitive-data-hashing'],
    semgrep: [
      'python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-md5',
      'python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-sha1',
      'python.lang.security.insecure-hash-algorithms-md5.insecure-hash-algorithm-md5',
      'python_crypto_rule-hash-md5',
      'python_crypto_rule-hashlib-new-insecure-functions',
    ],
    sonarqube: ['python:S4790'],
    snyk: ['python/InsecureHash'],
  },
  cwe: [328, 327],
  owasp: ['A02:2021'],
  title: 'SHA-256 for security digests, usedforsecurity=False for cache keys',
  description:
    "Handles `hashlib.md5`/`sha1` (and `hashlib.new('md5' | 'sha1')`) by what the digest is for, " +
    'judged from the names it flows into and the data it hashes: a digest that protects ' +
    'something (a token, a signature, an API key) becomes SHA-256; a digest that only keys a ' +
    'cache, an ETag, a checksum or a file name keeps its algorithm and gets ' +
    '`usedforsecurity=False` (Python 3.9+), which is exactly what it is. A digest ' +
    'whose purpose is unclear becomes SHA-256 too (triage judged it). Policy: `usedforsecurity=False` is ' +
    'behaviour-preserving; SHA-256 is marked `behaviour_change` (another digest); password ' +
    'hashes are declined: a KDF needs a salt, a stored-hash migration and the verifying code, ' +
    'which one call site cannot change correctly. Follows `hashlib.new(name)`, aliases, ' +
    '`from hashlib import md5` and imports inside functions. `cryptography`\u2019s ' +
    '`hashes.MD5()`/`hashes.SHA1()` (a `Hash` context, a signature or certificate hash) become ' +
    '`hashes.SHA256()`, a `behaviour_change`; PyCryptodome\u2019s `MD5.new(data)` (`from ' +
    'Crypto.Hash import MD5`, `Cryptodome.Hash`) becomes `SHA256.new(data)`, the same way; ' +
    'as the hash of RSA OAEP or MGF1 padding they are ' +
    'declined: that use does not rest on collision resistance and the decrypting party must ' +
    "change with it. Also declined: `hashlib.new('sha')` (SHA-0, rejected by current OpenSSL) " +
    'and a name imported from several modules (`from sha1dc import sha1` with hashlib as the ' +
    'fallback).',
  rationale: {
    problem:
      'MD5 and SHA-1 collisions can be computed cheaply, so a digest that vouches for a token, a ' +
      'signature or a request can be forged; and a scanner cannot tell such a digest from a ' +
      'harmless cache key.',
    change:
      'Security digests switch to `hashlib.sha256` with the same arguments; bookkeeping digests ' +
      'keep MD5/SHA-1 and say so with `usedforsecurity=False`, which also keeps them working on ' +
      'FIPS-restricted builds. An MD5/SHA-1 already marked `usedforsecurity=False` is the ' +
      "author's declaration and is left as it is.",
    safety:
      '`usedforsecurity=False` changes nothing about the value. A SHA-256 digest is 64 hex ' +
      'characters instead of 32 or 40: digests already stored or shared under the old algorithm ' +
      'no longer match and must be re-issued. Password hashing is not touched: it needs a slow ' +
      'KDF and a migration.',
  },
  references: [
    { title: 'CWE-328: Use of Weak Hash', url: 'https://cwe.mitre.org/data/definitions/328.html' },
    {
      title: 'hashlib: usedforsecurity',
      url: 'https://docs.python.org/3/library/hashlib.html#hash-algorithms',
    },
    {
      title: 'OWASP A02:2021 Cryptographic Failures',
      url: 'https://owasp.org/Top10/A02_2021-Cryptographic_Failures/',
    },
  ],
  detect: weakDigests,
  fix: (site, editor, ctx) => {
    if (!site.data) return;
    const sites = statementSites(site, weakDigests(editor.file));
    const refused = site.data.refusal ?? sites.find((s) => s.data?.refusal)?.data?.refusal;
    if (refused) return notApplicable('unsafe_to_change', refused);
    if (nestedSites(sites))
      return notApplicable('unsafe_to_change', 'a digest is nested in another');
    const flags = sites.some((s) => s.data?.action === 'flag');
    if (flags && allowsPythonBefore(ctx, 9)) {
      return notApplicable(
        'unsafe_to_change',
        'the project supports Python before 3.9, which has no usedforsecurity',
      );
    }
    const renamed: SgNode[] = [];
    // Every callee this fix renames: a `from hashlib import md5 as md5_hash` they alone use
    // becomes `from hashlib import sha256` in place.
    const callees = sites.flatMap((s) =>
      s.data && s.data.style === 'name' ? [s.data.algorithm] : [],
    );
    const rename = (module: string, name: string, algorithm: SgNode): string => {
      if (renameSoleFromImport(editor, module, algorithm.text(), callees, name)) return name;
      renamed.push(algorithm);
      return ensurePythonFromImport(editor, module, name);
    };
    for (const { node, data } of sites) {
      if (!data) continue;
      if (data.action === 'flag') appendArgument(editor, node, 'usedforsecurity=False');
      else if (data.style === 'new') {
        editor.replace(data.algorithm, data.algorithm.text().replace(/md[245]|sha1/i, 'sha256'));
      } else if (data.library === 'pycryptodome') {
        editor.replace(data.algorithm, rename(data.module!, 'SHA256', data.algorithm));
      } else if (data.library === 'cryptography') {
        if (data.style === 'attribute') editor.replace(data.algorithm, 'SHA256');
        else editor.replace(data.algorithm, rename(CRYPTOGRAPHY_HASHES, 'SHA256', data.algorithm));
      } else if (data.style === 'attribute') editor.replace(data.algorithm, 'sha256');
      else editor.replace(data.algorithm, rename('hashlib', 'sha256', data.algorithm));
    }
    dropImportsIfUnused(
      editor,
      renamed.map((n) => n.text()),
      renamed,
    );
    if (sites.some((s) => s.data?.library === 'cryptography')) {
      ctx.behaviourChange(
        'the hash algorithm is now SHA-256: digests and signatures made or checked with it no longer match those of MD5/SHA-1, and the other party must use SHA-256 too',
      );
    } else if (sites.some((s) => s.data?.action === 'sha256')) {
      ctx.behaviourChange(
        'the digest is now SHA-256 (64 hex characters): digests stored or shared under the old algorithm no longer match and must be re-issued',
      );
    }
  },
});
