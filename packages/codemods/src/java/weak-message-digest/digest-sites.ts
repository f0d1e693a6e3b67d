import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { argsOf, callsIn, kindOf, methodName, receiver, stringValue } from '../shared/ast.js';
import { declarationOf, enclosingBody, enclosingClassBody } from '../shared/scope.js';
import { blockStatement } from '../shared/statements.js';

/** What the fix replaces: an algorithm literal (maybe in a constant) or a library method name. */
export interface DigestData {
  /** The node whose text is replaced. */
  target: SgNode;
  /** Its replacement text. */
  replacement: string;
  /** When set, the site must not be changed (why). */
  refusal?: string;
  /** A class the replacement is qualified with, imported by the fix (static-import sites). */
  owner?: string;
}

const WEAK_ALGORITHMS = /^(MD2|MD4|MD5|SHA|SHA-?1)$/i;

/** commons-codec `DigestUtils` and Guava `Hashing` methods and their SHA-256 equivalents. */
const LIBRARY_METHODS: Record<string, Record<string, string>> = {
  DigestUtils: {
    md2: 'sha256',
    md2Hex: 'sha256Hex',
    md5: 'sha256',
    md5Hex: 'sha256Hex',
    sha: 'sha256',
    shaHex: 'sha256Hex',
    sha1: 'sha256',
    sha1Hex: 'sha256Hex',
    getMd2Digest: 'getSha256Digest',
    getMd5Digest: 'getSha256Digest',
    getShaDigest: 'getSha256Digest',
    getSha1Digest: 'getSha256Digest',
  },
  Hashing: { md5: 'sha256', sha1: 'sha256' },
};

const OWNER_CLASSES: Record<string, string> = {
  DigestUtils: 'org.apache.commons.codec.digest.DigestUtils',
  Hashing: 'com.google.common.hash.Hashing',
};

const LIBRARY_IMPORTS: Record<string, RegExp> = {
  DigestUtils: /^import\s+org\.apache\.commons\.codec\.digest\.(DigestUtils|\*)\s*;/m,
  Hashing: /^import\s+com\.google\.common\.hash\.(Hashing|\*)\s*;/m,
};

const PASSWORD = /passw(or)?d|pwd|passphrase|credential/i;
/**
 * Protocols that fix the algorithm: the WebSocket handshake (RFC 6455 accept key, SHA-1 with
 * this GUID) and the `Content-MD5` header (RFC 1864). Another digest is not a correct change.
 */
const PROTOCOL = /258EAFA5-E914-47DA-95CA-C5AB0DC85B11|content-md5/i;

/** The weak algorithm a method's name says it computes (`md5Hex`, `getSha1Digest`), or null. */
const namedAlgorithm = (name: string): string | null =>
  name
    .split(/(?<=[a-z0-9])(?=[A-Z])|_/)
    .map((w) => w.toLowerCase())
    .find((w) => /^(md2|md4|md5|sha|sha1)$/.test(w)) ?? null;

const namedApi = (name: string): string =>
  `${name} is an API named for the algorithm: its callers ask for this digest by name, so computing another one here breaks its contract; change the callers that do not need it`;

/** Why hashing here cannot be changed correctly, or undefined. */
const contextRefusal = (call: SgNode): string | undefined => {
  const body = enclosingBody(call);
  const header = body?.field('name')?.text() ?? '';
  if (kindOf(body) === 'method_declaration' && namedAlgorithm(header)) return namedApi(header);
  const statement = (blockStatement(call) ?? call).text();
  if (PASSWORD.test(header) || PASSWORD.test(statement)) {
    return 'this hashes a password: SHA-256 is still too fast for passwords; use a password KDF (PBKDF2, bcrypt, Argon2) and migrate stored hashes';
  }
  // The protocol's constant is usually a field of the class, not in the method.
  if (PROTOCOL.test(enclosingClassBody(call)?.text() ?? body?.text() ?? '')) {
    return 'a protocol fixes this digest (WebSocket accept key or Content-MD5): the peer computes it with the same algorithm';
  }
  return undefined;
};

const isMessageDigest = (node: SgNode | null): boolean =>
  !!node && /^(java\.security\.)?MessageDigest$/.test(node.text());

/** True when the file assigns `name` (`name = ...`, `this.name = ...`) anywhere. */
const assigned = (root: SgNode, name: string): boolean =>
  root
    .findAll({ rule: { kind: 'assignment_expression' } })
    .some((a) => (a.field('left')?.text() ?? '').replace(/^this\./, '') === name);

/** The algorithm argument of `MessageDigest.getInstance(...)`: a literal or a String constant. */
const algorithmLiteral = (
  arg: SgNode | undefined,
): { literal: SgNode; constant: boolean } | null => {
  if (!arg) return null;
  if (stringValue(arg) !== null) return { literal: arg, constant: false };
  if (kindOf(arg) !== 'identifier') return null;
  const declaration = declarationOf(arg.text(), arg);
  if (!declaration || !['field', 'local'].includes(declaration.kind)) return null;
  if (stringValue(declaration.value) === null) return null;
  // A field is a constant when final, or when nothing in the file assigns it (its initializer is
  // then the algorithm every digest of the class asks for).
  if (
    declaration.kind === 'field' &&
    !/\bfinal\b/.test(declaration.statement.text()) &&
    assigned(enclosingClassBody(arg)?.getRoot().root() ?? arg, arg.text())
  )
    return null;
  return { literal: declaration.value!, constant: true };
};

const messageDigestSites = (file: SourceFile): Site<DigestData>[] =>
  callsIn(file.root)
    .filter((call) => methodName(call) === 'getInstance' && isMessageDigest(receiver(call)))
    .flatMap((call) => {
      const found = algorithmLiteral(argsOf(call)[0]);
      if (!found || !WEAK_ALGORITHMS.test(stringValue(found.literal)!)) return [];
      let refusal = contextRefusal(call);
      if (found.constant) {
        const name = argsOf(call)[0]!.text();
        const classBody = enclosingClassBody(found.literal);
        const uses = classBody?.findAll({ rule: { kind: 'identifier', regex: `^${name}$` } }) ?? [];
        const onlyDigests = uses.every(
          (u) =>
            u.range().start.index === found.literal.parent()!.field('name')?.range().start.index ||
            (kindOf(u.parent()) === 'argument_list' &&
              methodName(u.parent()!.parent()!) === 'getInstance' &&
              isMessageDigest(receiver(u.parent()!.parent()!))),
        );
        refusal ??= onlyDigests
          ? undefined
          : `the constant ${name} is also used for something other than MessageDigest`;
      }
      const scope = found.constant ? (enclosingClassBody(found.literal) ?? undefined) : undefined;
      return [
        {
          node: call,
          anchors: [argsOf(call)[0]!, ...(found.constant ? [found.literal] : [])],
          ...(scope ? { scope } : {}),
          data: {
            target: found.literal,
            replacement: '"SHA-256"',
            ...(refusal ? { refusal } : {}),
          },
        },
      ];
    });

/** `import static org.apache.commons.codec.digest.DigestUtils.md5Hex;` (or `.*`) in the file. */
const staticallyImported = (file: SourceFile, owner: string, method: string): boolean => {
  const pkg =
    owner === 'DigestUtils'
      ? 'org\\.apache\\.commons\\.codec\\.digest'
      : 'com\\.google\\.common\\.hash';
  return new RegExp(`^import\\s+static\\s+${pkg}\\.${owner}\\.(${method}|\\*)\\s*;`, 'm').test(
    file.text,
  );
};

const librarySites = (file: SourceFile): Site<DigestData>[] =>
  callsIn(file.root).flatMap((call) => {
    const target = receiver(call);
    // A bare `md5Hex(x)` is the library's only through a static import.
    const owner = target
      ? target.text().replace(/^.*\./, '')
      : Object.keys(LIBRARY_METHODS).find((o) => staticallyImported(file, o, methodName(call)));
    const table = owner ? LIBRARY_METHODS[owner] : undefined;
    const replacement = table?.[methodName(call)];
    if (!owner || !replacement) return [];
    if (target) {
      const qualified = /\./.test(target.text());
      if (!qualified && !LIBRARY_IMPORTS[owner]!.test(file.text)) return [];
    }
    const name = call.field('name')!;
    const refusal = contextRefusal(call);
    return [
      {
        node: call,
        anchors: [name],
        data: {
          target: name,
          replacement,
          // Statically imported: the new method is called on its class, which the fix imports.
          ...(target ? {} : { owner: OWNER_CLASSES[owner]! }),
          ...(refusal ? { refusal } : {}),
        },
      },
    ];
  });

/** `Signature.getInstance("SHA1withRSA")`: a signature scheme over a weak digest. */
const WEAK_SIGNATURE = /^(MD2|MD5|SHA1?)with/i;

const signatureSites = (file: SourceFile): Site<DigestData>[] =>
  callsIn(file.root)
    .filter(
      (call) =>
        methodName(call) === 'getInstance' &&
        /^(java\.security\.)?Signature$/.test(receiver(call)?.text() ?? '') &&
        WEAK_SIGNATURE.test(stringValue(argsOf(call)[0]) ?? ''),
    )
    .map((call) => ({
      node: call,
      anchors: [argsOf(call)[0]!],
      decline: `${stringValue(argsOf(call)[0])} is a signature scheme whoever verifies (or produces) the signature uses too, often fixed by a protocol or key format (SSH's ssh-rsa, XML-DSig): another digest needs both sides changed together`,
    }));

/**
 * Methods named for a weak algorithm (`md5Hex`, `getSha1Digest`): a library's own MD5/SHA-1 API,
 * whose body computes what its name promises. Findings inside them are declined, not rewritten.
 */
const namedApiSites = (file: SourceFile): Site<DigestData>[] =>
  file.root
    .findAll({ rule: { kind: 'method_declaration' } })
    .filter((m) => namedAlgorithm(m.field('name')?.text() ?? '') && m.field('body'))
    .map((m) => ({ node: m.field('body')!, decline: namedApi(m.field('name')!.text()) }));

/** Every weak digest: `MessageDigest.getInstance("MD5" | "SHA-1" ...)`, DigestUtils, Guava. */
export const weakDigestSites = (file: SourceFile): Site<DigestData>[] => [
  ...messageDigestSites(file),
  ...librarySites(file),
  ...signatureSites(file),
  ...namedApiSites(file),
];
