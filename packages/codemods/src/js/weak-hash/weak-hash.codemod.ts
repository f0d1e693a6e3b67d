import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { enclosingStatement, type SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { argsOf, calleeName, enclosingFunction, stringValue } from '../common/calls.js';
import { bindingValue, unwrap } from '../common/request-input.js';

type Data = {
  hmac: boolean;
  /** The call that uses the algorithm (the site's node is the literal, maybe in a constant). */
  call: SgNode;
  /** Set when the literal is a constant's value: the constant's name. */
  constant?: string;
};

const WEAK = new Set(['md5', 'md4', 'sha1', 'sha-1', 'rsa-md5', 'rsa-sha1']);
const PASSWORD = /pass(word|wd)?|pwd/i;
const FACTORIES = ['createHash', 'createHmac'];

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

/**
 * Local names of `createHash`/`createHmac`: the names themselves plus aliases bound by
 * `import { createHash as h }` or `const { createHash: h } = require(...)`.
 */
const factoryNames = (root: SgNode): Map<string, string> => {
  const names = new Map(FACTORIES.map((f) => [f, f]));
  for (const spec of root.findAll({ rule: { kind: 'import_specifier' } })) {
    const imported = spec.field('name')?.text();
    const alias = spec.field('alias')?.text();
    if (imported && alias && FACTORIES.includes(imported)) names.set(alias, imported);
  }
  for (const pair of root.findAll({ rule: { kind: 'pair_pattern' } })) {
    const key = pair.field('key')?.text();
    const value = pair.field('value');
    if (key && value?.kind() === 'identifier' && FACTORIES.includes(key))
      names.set(value.text(), key);
  }
  return names;
};

/** The weak algorithm literal a call uses: inline, or a `const` holding it. */
const algorithmOf = (call: SgNode): { literal: SgNode; constant?: string } | null => {
  const arg = argsOf(call)[0];
  if (!arg) return null;
  const inner = unwrap(arg);
  if (inner.kind() === 'identifier') {
    const value = bindingValue(call, inner.text());
    const declaration = value?.parent()?.parent();
    if (!value || !declaration?.text().startsWith('const')) return null;
    const literal = stringValue(value);
    return literal !== null && WEAK.has(literal.toLowerCase())
      ? { literal: unwrap(value), constant: inner.text() }
      : null;
  }
  const literal = stringValue(inner);
  return literal !== null && WEAK.has(literal.toLowerCase()) ? { literal: inner } : null;
};

function detect(file: SourceFile): Site<Data>[] {
  const names = factoryNames(file.root);
  return file.root
    .findAll({ rule: { kind: 'call_expression' } })
    .filter((call) => names.has(calleeName(call) ?? ''))
    .flatMap((call) => {
      const found = algorithmOf(call);
      if (!found) return [];
      const hmac = names.get(calleeName(call)!) === 'createHmac';
      const data: Data = found.constant ? { hmac, call, constant: found.constant } : { hmac, call };
      return [{ node: found.literal, anchors: [call, argsOf(call)[0]!], data }];
    });
}

/** Every use of a name in the file, its declaration excluded. */
const usesOf = (root: SgNode, name: string): SgNode[] =>
  root.findAll({ rule: { kind: 'identifier', regex: `^${name}$` } }).filter((id) => {
    const parent = id.parent();
    return !(
      parent?.kind() === 'variable_declarator' &&
      parent.field('name')?.range().start.index === id.range().start.index
    );
  });

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
  title: 'SHA-256 instead of MD5 or SHA-1',
  description:
    "Changes `createHash('md5')`/`createHash('sha1')` (and `createHmac` with them) to `sha256`, " +
    'with the name written inline, in a `const`, or the function imported under an alias; every ' +
    'weak call of the statement changes. The fix is a `behaviour_change`: the digest differs ' +
    '(32 bytes), so digests stored or exchanged under the old algorithm stop matching. Declined ' +
    'with a reason: password hashes (a faster digest is not the fix; they need a slow KDF and a ' +
    'migration of stored hashes) and constants also used for something else than hashing.',
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
      'match and must be re-issued (a cache key or ETag is simply recomputed once). Password ' +
      'hashes are not changed.',
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
  detect,
  fix: (site, editor, ctx) => {
    if (!site.data) return;
    const statement = enclosingStatement(site.data.call);
    const inStatement = (n: SgNode) =>
      n.range().start.index >= statement.range().start.index &&
      n.range().end.index <= statement.range().end.index;
    // A scanner reports each weak call; the statement's others change with this one.
    const sites = detect(editor.file).filter(
      (s) => s === site || (s.data && inStatement(s.data.call) && !s.data.constant),
    );
    const done = new Set<number>();
    for (const { node, data } of [site, ...sites]) {
      if (!data || done.has(node.range().start.index)) continue;
      done.add(node.range().start.index);
      if (!data.hmac && PASSWORD.test(contextOf(data.call))) {
        return notApplicable(
          'unsafe_to_change',
          'a password hash needs a slow key derivation function (scrypt, Argon2) and a migration of the stored hashes, not a faster digest',
        );
      }
      if (data.constant) {
        const others = usesOf(editor.root, data.constant).filter(
          (id) => !isFactoryArgument(id, editor.root),
        );
        if (others.length > 0) {
          return notApplicable(
            'unsafe_to_change',
            `the constant \`${data.constant}\` is also used for something else than a digest call; changing it would change that too`,
          );
        }
      }
      const quote = node.text()[0] === '`' ? '`' : node.text()[0]!;
      editor.replace(node, `${quote}sha256${quote}`);
    }
    ctx.behaviourChange(
      site.data.hmac
        ? 'HMAC-SHA256 replaces the weak HMAC: signatures differ, so the other side must verify with SHA-256 too'
        : 'the digest is now SHA-256 (64 hex characters instead of 32 or 40): digests stored or exchanged under the old algorithm no longer match and must be re-issued',
    );
  },
});

/** True when an identifier is the first argument of a `createHash`/`createHmac` call. */
const isFactoryArgument = (id: SgNode, root: SgNode): boolean => {
  const args = id.parent();
  const call = args?.kind() === 'arguments' ? args.parent() : null;
  return (
    !!call &&
    factoryNames(root).has(calleeName(call) ?? '') &&
    argsOf(call)[0]?.range().start.index === id.range().start.index
  );
};
