import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { ensureJsMember } from '../../imports/js-imports.js';
import { quoted } from '../../text/style.js';
import { argsOf, propertyOf, stringValue } from '../common/calls.js';
import { addProperties } from '../common/object-props.js';
import { unwrap } from '../common/request-input.js';
import { jwtCalls, signingAlgorithms } from './jwt-calls.js';

type Data = { method: 'verify' | 'decode' };

/** The options object of a verify call, null when absent, or undefined when not a literal. */
const verifyOptions = (call: SgNode): SgNode | null | undefined => {
  const third = argsOf(call)[2];
  if (!third) return null;
  const o = unwrap(third);
  if (o.kind() === 'object') return o;
  return ['arrow_function', 'function_expression'].includes(String(o.kind())) ||
    /^(cb|callback|done|next)$/.test(o.text())
    ? null
    : undefined;
};

/** True when verify accepts any algorithm (no `algorithms` option) or `none`. */
const unpinned = (call: SgNode): boolean => {
  const options = verifyOptions(call);
  if (options === undefined) return false;
  const algorithms = options && propertyOf(options, 'algorithms')?.field('value');
  if (!algorithms) return true;
  return unwrap(algorithms)
    .namedChildren()
    .some((a) => (stringValue(a) ?? '').toLowerCase() === 'none');
};

const insideTry = (node: SgNode): boolean => {
  for (let p = node.parent(); p; p = p.parent()) {
    if (p.kind() === 'try_statement') return true;
    if (/function|arrow_function|method_definition/.test(String(p.kind()))) return false;
  }
  return false;
};

/** `remediate:js/jwt-algorithms`: jsonwebtoken verification pinned to the file's algorithm. */
export const jsJwtAlgorithms = defineCodemod<Data>({
  id: 'remediate:js/jwt-algorithms',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/jwt-missing-verification'],
    semgrep: [
      'javascript.jsonwebtoken.security.jwt-none-alg.jwt-none-alg',
      'javascript.jsonwebtoken.security.audit.jwt-decode-without-verify.jwt-decode-without-verify',
      'rules_lgpl_javascript_jwt_rule-node-jwt-none-algorithm',
    ],
    eslint: ['sonarjs/insecure-jwt-token'],
    njsscan: ['node_jwt_none_algorithm'],
    snyk: ['javascript/JwtDecodeMethod'],
    sonarqube: ['javascript:S5659', 'typescript:S5659'],
  },
  cwe: [347, 327],
  owasp: ['A02:2021', 'A07:2021'],
  title: 'Pin the JWT algorithms jsonwebtoken verifies',
  description:
    "`jwt.verify(token, key)` without `algorithms` (or with `'none'`) gets `algorithms: [...]` " +
    'with the algorithm the same file signs with (`jwt.sign` options, HS256 by default); ' +
    '`jwt.decode(token)` inside a `try` becomes `jwt.verify` with the file\u2019s key. When the ' +
    'file does not show the algorithm or the key, the call is left for a person.',
  rationale: {
    problem:
      'A verifier that accepts whatever algorithm the token names can be fooled: `none` tokens ' +
      'carry no signature, and an RSA public key can be used as an HMAC secret to forge tokens. ' +
      '`jwt.decode` checks nothing at all.',
    change:
      'Verification names the one algorithm the application signs with; decoded-only tokens are ' +
      'verified with the same key and algorithm as the rest of the file.',
    safety:
      'Tokens the application issued use that algorithm and still verify. Tokens with another ' +
      'algorithm, no signature or a bad signature are rejected (`verify` throws), which the ' +
      'surrounding `try` already handles.',
  },
  references: [
    {
      title: 'CWE-347: Improper Verification of Cryptographic Signature',
      url: 'https://cwe.mitre.org/data/definitions/347.html',
    },
    {
      title: 'jsonwebtoken: jwt.verify options (algorithms)',
      url: 'https://github.com/auth0/node-jsonwebtoken#jwtverifytoken-secretorpublickey-options-callback',
    },
  ],
  detect: (file) =>
    jwtCalls(file.root).flatMap(({ call, method }): { node: SgNode; data: Data }[] => {
      if (method === 'verify' && unpinned(call)) return [{ node: call, data: { method } }];
      if (method === 'decode') return [{ node: call, data: { method } }];
      return [];
    }),
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    const algorithms = signingAlgorithms(editor.root);
    const algorithm = algorithms.size === 1 ? [...algorithms][0]! : null;
    const q = (s: string) => quoted(editor.file.style, s);
    if (data.method === 'verify') {
      const options = verifyOptions(node);
      const current = options && propertyOf(options, 'algorithms')?.field('value');
      if (current) {
        const items = unwrap(current).namedChildren();
        const kept = items.filter((a) => (stringValue(a) ?? '').toLowerCase() !== 'none');
        if (kept.length > 0)
          return editor.replace(current, `[${kept.map((k) => k.text()).join(', ')}]`);
      }
      if (!algorithm || algorithm === '?' || algorithm.toLowerCase() === 'none') {
        return notApplicable(
          'unsafe_to_change',
          'the file does not show which algorithm its tokens are signed with',
        );
      }
      const pinned = `[${q(algorithm)}]`;
      if (current) return editor.replace(current, pinned);
      if (options) return addProperties(editor, options, [['algorithms', pinned]]);
      editor.insert(argsOf(node)[1]!.range().end.index, `, { algorithms: ${pinned} }`);
      return;
    }
    if (!insideTry(node)) {
      return notApplicable(
        'unsafe_to_change',
        'verify throws on a bad token where decode returned null; the call is not inside a try',
      );
    }
    const verify = jwtCalls(editor.root).find((c) => c.method === 'verify' || c.method === 'sign');
    const key = verify && argsOf(verify.call)[1];
    if (
      !key ||
      !algorithm ||
      algorithm === '?' ||
      (!/^HS/.test(algorithm) && verify.method === 'sign')
    ) {
      return notApplicable(
        'unsafe_to_change',
        'the file does not show the verification key and algorithm',
      );
    }
    const [token, options] = argsOf(node);
    if (options && unwrap(options).kind() !== 'object')
      return notApplicable('unsafe_to_change', 'decode options are built elsewhere');
    const callee = node.field('function')!;
    if (callee.kind() === 'member_expression') editor.replace(callee.field('property')!, 'verify');
    else
      editor.replace(
        callee,
        ensureJsMember(editor, ctx, { module: 'jsonwebtoken', member: 'verify', namespace: 'jwt' }),
      );
    const pinned = `algorithms: [${q(algorithm)}]`;
    if (options) {
      editor.insert(token!.range().end.index, `, ${key.text()}`);
      addProperties(editor, unwrap(options), [['algorithms', `[${q(algorithm)}]`]]);
    } else {
      editor.insert(token!.range().end.index, `, ${key.text()}, { ${pinned} }`);
    }
    ctx.note(
      'The token is now verified: a forged or expired token throws instead of being decoded.',
    );
  },
});
