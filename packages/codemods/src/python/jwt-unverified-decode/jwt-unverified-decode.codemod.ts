import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import {
  appendInPlace,
  hasSplat,
  insertArgumentAfter,
  isFalse,
  keyword,
  positional,
  removeArgument,
} from '../shared/args.js';
import { calleeName, importMap } from '../shared/names.js';
import { literalValue } from '../shared/strings.js';
import { verificationInScope, type Verification } from './key-in-scope.js';

interface Data {
  /** The argument that turns verification off: `options={...}` or `verify=False`. */
  off: SgNode;
  /** The `"verify_signature": False` pair when the options dict holds other entries too. */
  pair: SgNode | null;
  token: SgNode;
  hasKey: boolean;
  hasAlgorithms: boolean;
  verification: Verification | null;
  refusal?: string;
}

/** The `"verify_signature": False` pair of an options dict literal, or null. */
const verifySignatureOff = (options: SgNode | undefined | null): SgNode | null =>
  options?.kind() === 'dictionary'
    ? (options
        .namedChildren()
        .find(
          (p) =>
            p.kind() === 'pair' &&
            literalValue(p.field('key')!) === 'verify_signature' &&
            isFalse(p.field('value') ?? undefined),
        ) ?? null)
    : null;

/** Every PyJWT `jwt.decode` that skips the signature check. */
const unverifiedDecodes = (file: SourceFile) => {
  const imports = importMap(file.root);
  return file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    if (calleeName(call, imports) !== 'jwt.decode') return [];
    const options = keyword(call, 'options');
    const legacy = keyword(call, 'verify');
    const pair = verifySignatureOff(options?.field('value'));
    const off = pair
      ? options!
      : legacy && isFalse(legacy.field('value') ?? undefined)
        ? legacy
        : null;
    const token = positional(call)[0] ?? keyword(call, 'jwt');
    if (!off || !token) return [];
    const hasKey = positional(call).length > 1 || !!keyword(call, 'key');
    const hasAlgorithms = !!keyword(call, 'algorithms');
    const others =
      options
        ?.field('value')
        ?.namedChildren()
        .filter((p) => p.kind() !== 'comment') ?? [];
    const refusal = hasSplat(call)
      ? 'the call passes *args or **kwargs'
      : /["']aud["']/.test(file.text) && !keyword(call, 'audience')
        ? 'the tokens carry an audience claim the decode call does not name'
        : undefined;
    const data: Data = {
      off,
      pair: pair && others.length > 1 ? pair : null,
      token,
      hasKey,
      hasAlgorithms,
      verification: hasKey && hasAlgorithms ? null : verificationInScope(file.root, call, imports),
      ...(refusal ? { refusal } : {}),
    };
    return [{ node: call, anchors: [off], data }];
  });
};

/** Removes one pair of a dict literal with its comma. */
const removePair = (editor: Parameters<typeof removeArgument>[0], pair: SgNode): void => {
  const dict = pair.parent()!;
  const items = dict.namedChildren().filter((p) => p.kind() !== 'comment');
  const i = items.findIndex((p) => p.id() === pair.id());
  const range = items[i - 1]
    ? { start: items[i - 1]!.range().end.index, end: pair.range().end.index }
    : { start: pair.range().start.index, end: items[i + 1]!.range().start.index };
  editor.replace(range, '');
};

/** `remediate:python/jwt-unverified-decode`: `jwt.decode` without verification → verified. */
export const pythonJwtUnverifiedDecode = defineCodemod<Data>({
  id: 'remediate:python/jwt-unverified-decode',
  languages: ['python'],
  rules: {
    codeql: ['py/jwt-missing-verification'],
    semgrep: ['python.jwt.security.unverified-jwt-decode.unverified-jwt-decode'],
    sonarqube: ['python:S5659'],
  },
  cwe: [347],
  owasp: ['A02:2021'],
  title: 'Verified JWT decoding with the key and pinned algorithms',
  description:
    'Turns PyJWT `jwt.decode(token, options={"verify_signature": False})` (or 1.x ' +
    '`verify=False`) into a verified decode. When the call already has the key and ' +
    '`algorithms`, only the switch goes; otherwise the key and algorithm the module signs with ' +
    '(every `jwt.encode(payload, KEY, algorithm=ALG)` in the file agreeing, or module constants ' +
    'such as `JWT_SECRET`/`JWT_ALGORITHM`) are passed as `KEY, algorithms=[ALG]`. When the ' +
    'module does not show them, or tokens carry an audience the call does not name, the fix ' +
    'is left for a person.',
  rationale: {
    problem:
      'Without signature verification `jwt.decode` returns whatever claims the token holds: ' +
      'anyone can forge a token for any user or role, or strip the signature (`alg: none`).',
    change:
      'The token is now checked against the signing key with the algorithm pinned (so it ' +
      'cannot be swapped for `none` or for HS256-with-the-public-key), and PyJWT also checks ' +
      '`exp`/`nbf`/`iat` again.',
    safety:
      'Tokens this application issued keep decoding to the same claims. Forged, tampered or ' +
      'expired tokens now raise `jwt.InvalidTokenError` (a subclass of what PyJWT already ' +
      'raises for malformed tokens), so existing error handling applies.',
  },
  references: [
    {
      title: 'CWE-347: Improper Verification of Cryptographic Signature',
      url: 'https://cwe.mitre.org/data/definitions/347.html',
    },
    { title: 'PyJWT: jwt.decode', url: 'https://pyjwt.readthedocs.io/en/stable/api.html' },
    {
      title: 'OWASP A02:2021 Cryptographic Failures',
      url: 'https://owasp.org/Top10/A02_2021-Cryptographic_Failures/',
    },
  ],
  detect: unverifiedDecodes,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    if (data.refusal) return notApplicable('unsafe_to_change', data.refusal);
    const verification = data.verification;
    if ((!data.hasKey || !data.hasAlgorithms) && !verification) {
      return notApplicable(
        'unsafe_to_change',
        'no signing key and algorithm in scope to verify with',
      );
    }
    const algorithms = !data.hasAlgorithms ? `algorithms=[${verification!.algorithm}]` : null;
    if (data.pair) {
      removePair(editor, data.pair);
      if (algorithms) appendInPlace(editor, node, [algorithms]);
    } else if (algorithms) {
      editor.replace(data.off, algorithms);
    } else {
      removeArgument(editor, node, data.off);
    }
    if (!data.hasKey) {
      const key = verification!.key;
      const text = data.token.kind() === 'keyword_argument' ? `key=${key}` : key;
      insertArgumentAfter(editor, node, data.token, text, undefined, false);
    }
  },
});
