import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { argsOf, callsIn, kindOf, methodName, receiver, stringValue } from '../shared/ast.js';
import {
  declarationOf,
  declarationOfExpr,
  enclosingBody,
  enclosingClassBody,
} from '../shared/scope.js';
import { blockStatement } from '../shared/statements.js';

/** AES in ECB mode, explicitly or by default (`"AES"` alone means `AES/ECB/PKCS5Padding`). */
const AES_ECB = /^AES(\/ECB\/(PKCS5Padding|PKCS7Padding|NoPadding))?$/i;
/** Other weak transformations: replacing them changes keys or IV handling, so they are refused. */
const OTHER_WEAK =
  /^(DES|DESede|TripleDES|3DES|RC2|RC4|ARCFOUR|Blowfish)(\/|$)|\/ECB\/|^AES\/CBC\/PKCS[57]Padding$/i;

/** One `Cipher c = Cipher.getInstance(...)` with its single init and doFinal. */
export interface CipherUse {
  getInstance: SgNode;
  /** The string literal to rewrite (in the call or in a constant). */
  literal: SgNode;
  mode: 'encrypt' | 'decrypt';
  init: SgNode;
  doFinal: SgNode;
}

export interface CipherData {
  uses?: CipherUse[];
  refusal?: string;
}

const isCipherGetInstance = (call: SgNode): boolean =>
  methodName(call) === 'getInstance' &&
  /^(javax\.crypto\.)?Cipher$/.test(receiver(call)?.text() ?? '');

const literalOf = (arg: SgNode | undefined): SgNode | null => {
  if (!arg) return null;
  if (stringValue(arg) !== null) return arg;
  const declaration = kindOf(arg) === 'identifier' ? declarationOfExpr(arg) : null;
  if (declaration?.kind !== 'field' || !/\bfinal\b/.test(declaration.statement.text())) return null;
  return stringValue(declaration.value) !== null ? declaration.value : null;
};

const modeOf = (arg: SgNode | undefined): CipherUse['mode'] | null => {
  const text = arg?.text() ?? '';
  if (/(^|\.)ENCRYPT_MODE$/.test(text)) return 'encrypt';
  if (/(^|\.)DECRYPT_MODE$/.test(text)) return 'decrypt';
  return null;
};

/** The uses of one weak cipher, or why it cannot be converted. */
const useOf = (call: SgNode): CipherUse | string => {
  const literal = literalOf(argsOf(call)[0])!;
  const declarator = call.parent();
  if (kindOf(declarator) !== 'variable_declarator' || !blockStatement(call)) {
    return 'the Cipher is not held in a local variable';
  }
  const name = declarator!.field('name')!.text();
  const body = enclosingBody(call) ?? call;
  const calls = callsIn(body).filter((c) => receiver(c)?.text() === name);
  const mentions = body.findAll({ rule: { kind: 'identifier', regex: `^${name}$` } }).length;
  const init = calls.filter((c) => methodName(c) === 'init');
  const doFinal = calls.filter((c) => methodName(c) === 'doFinal');
  if (init.length !== 1 || doFinal.length !== 1 || mentions !== 3 || calls.length !== 2) {
    return 'the Cipher is used for more than one init and one doFinal';
  }
  const mode = modeOf(argsOf(init[0]!)[0]);
  if (!mode || argsOf(init[0]!).length !== 2)
    return 'the Cipher is not initialized with a mode and a key only';
  if (argsOf(doFinal[0]!).length !== 1) return 'doFinal is not called on one whole message';
  if (mode === 'decrypt') {
    const message = argsOf(doFinal[0]!)[0]!;
    const declaration =
      kindOf(message) === 'identifier' ? declarationOf(message.text(), message) : null;
    const before =
      declaration &&
      (declaration.kind === 'parameter' ||
        declaration.statement.range().end.index <= init[0]!.range().start.index);
    if (!before) return 'the decrypted message is not a variable known before init';
  }
  return { getInstance: call, literal, mode, init: init[0]!, doFinal: doFinal[0]! };
};

/** Every weak `Cipher.getInstance`; a class-wide plan when all of its AES/ECB ciphers convert. */
export const cipherSites = (file: SourceFile): Site<CipherData>[] => [
  ...knownSites(file),
  ...unknownSites(file),
];

/** Modes without integrity that scanners report (CIPHER_INTEGRITY, PADDING_ORACLE). */
const UNAUTHENTICATED = /^AES\/(CBC|PCBC|CTR|CFB\d*|OFB\d*)\//i;

/**
 * `Cipher.getInstance(x)` whose transformation this file does not spell out (a constant of another
 * class, a concatenation), or an AES mode without integrity: declined with the reason.
 */
const unknownSites = (file: SourceFile): Site<CipherData>[] =>
  callsIn(file.root)
    .filter(isCipherGetInstance)
    .flatMap((call): Site<CipherData>[] => {
      const arg = argsOf(call)[0];
      if (!arg) return [];
      const value = stringValue(literalOf(arg));
      if (value !== null && (!UNAUTHENTICATED.test(value) || OTHER_WEAK.test(value))) return [];
      const refusal =
        value !== null
          ? `${value} has no integrity check; switching to AES/GCM (or adding a MAC) changes the message format, which whoever reads the ciphertext (the other side, a file format) must read too`
          : `the transformation (${arg.text()}) is not spelled out in this file, so which mode it names, and whether the other side could read another, is not known here`;
      return [{ node: call, anchors: [arg], data: { refusal } }];
    });

const knownSites = (file: SourceFile): Site<CipherData>[] => {
  const calls = callsIn(file.root).filter(isCipherGetInstance);
  const weak = calls.filter((c) => {
    const value = stringValue(literalOf(argsOf(c)[0]));
    return value !== null && (AES_ECB.test(value) || OTHER_WEAK.test(value));
  });
  return weak.map((call) => {
    const value = stringValue(literalOf(argsOf(call)[0]))!;
    const classBody = enclosingClassBody(call) ?? file.root;
    if (!AES_ECB.test(value)) {
      return {
        node: call,
        data: {
          refusal: `${value} cannot be switched to AES-GCM here: it needs another key (DES, RC4, Blowfish) or reviewed IV handling (CBC)`,
        },
      };
    }
    const siblings = weak.filter(
      (c) =>
        enclosingClassBody(c) === classBody ||
        enclosingClassBody(c)?.range().start.index === classBody.range().start.index,
    );
    const uses = siblings.map(useOf);
    const failed = uses.find((u): u is string => typeof u === 'string');
    const modes = new Set(
      uses.filter((u): u is CipherUse => typeof u !== 'string').map((u) => u.mode),
    );
    const refusal =
      failed ??
      (modes.size < 2
        ? 'the class only encrypts or only decrypts: the ciphertext format changes and the other side is elsewhere'
        : undefined);
    const literals = new Set(uses.map((u) => (typeof u === 'string' ? '' : u.literal.text())));
    return {
      node: call,
      anchors: [argsOf(call)[0]!],
      scope: classBody,
      data: refusal
        ? { refusal }
        : literals.size > 0
          ? { uses: uses as CipherUse[] }
          : { refusal: 'no cipher to convert' },
    };
  });
};
