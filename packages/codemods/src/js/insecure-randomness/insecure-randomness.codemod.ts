import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable, type FixContext } from '../../engine/codemod.js';
import type { FileEditor } from '../../engine/file-editor.js';
import { enclosingStatement, type SourceFile } from '../../engine/source-file.js';
import type { NotApplicable, Site } from '../../types.js';
import { ensureHelper } from '../../imports/helpers.js';
import { ensureJsMember, identifierUsed } from '../../imports/js-imports.js';
import { quoted } from '../../text/style.js';
import { bare, idiomOf, type RandomIdiom } from './idioms.js';

type Data =
  | { call: 'math-random'; idiom: RandomIdiom }
  | { call: 'pseudo-random-bytes' }
  | { call: 'math-random-alias' };

const CRYPTO = { module: 'node:crypto', aliases: ['crypto'], namespace: 'crypto' } as const;

/** `remediate:js/insecure-randomness`: `Math.random()` for secrets → `node:crypto`. */
export const jsInsecureRandomness = defineCodemod<Data>({
  id: 'remediate:js/insecure-randomness',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/insecure-randomness'],
    semgrep: ['rules_lgpl_javascript_crypto_rule-node-insecure-random-generator'],
    eslint: [
      'sonarjs/pseudo-random',
      'security-node/detect-insecure-randomness',
      'security/detect-pseudoRandomBytes',
    ],
    njsscan: ['node_insecure_random_generator'],
    sonarqube: ['javascript:S2245', 'typescript:S2245'],
  },
  cwe: [338, 330],
  owasp: ['A02:2021'],
  title: 'Cryptographically secure randomness for secrets',
  description:
    'Replaces every `Math.random()` of the statement a finding points at (and ' +
    '`crypto.pseudoRandomBytes`) with the CSPRNG, whatever the value is named: triage decided ' +
    'the finding is real. In Node code: `randomInt(n)` for `Math.floor(Math.random() * n)`, ' +
    "`randomBytes(16).toString('hex')` for `Math.random().toString(36)` tokens (a " +
    '`behaviour_change`: hex instead of base-36 characters), and a secure float helper ' +
    'otherwise; in browser code (it touches `window` or `document`) a float helper on Web ' +
    'Crypto `getRandomValues`. An alias (`var nativeRandom = Math.random`) is pointed at the ' +
    'float helper, which fixes every call through it. Other statements are left alone.',
  rationale: {
    problem:
      '`Math.random()` is a fast statistical generator whose internal state can be recovered ' +
      'from a few outputs, so tokens, identifiers or secrets derived from it can be predicted.',
    change:
      'The value now comes from the operating system CSPRNG through `node:crypto` ' +
      '(`randomInt`, `randomBytes`), imported once in the style the file already uses.',
    safety:
      'The replacement keeps the type and range of the value (an integer in `[0, n)`, a ' +
      'string of characters, a float in `[0, 1)`); only the statement the finding points at ' +
      'changes, other uses of `Math.random()` in the file are left alone.',
  },
  references: [
    {
      title: 'CWE-338: Use of Cryptographically Weak PRNG',
      url: 'https://cwe.mitre.org/data/definitions/338.html',
    },
    {
      title: 'Node.js crypto.randomInt',
      url: 'https://nodejs.org/api/crypto.html#cryptorandomintmin-max-callback',
    },
    {
      title: 'OWASP A02:2021 Cryptographic Failures',
      url: 'https://owasp.org/Top10/A02_2021-Cryptographic_Failures/',
    },
  ],
  codeFlow: 'source-first',
  detect,
  fix: (site, editor, ctx) => {
    if (!site.data) return;
    if (site.data.call === 'pseudo-random-bytes') return editor.replace(site.node, 'randomBytes');
    if (site.data.call === 'math-random-alias') {
      // `var nativeRandom = Math.random`: the alias now names the secure float helper, so every
      // call through it (what the scanner reports) gets a CSPRNG float in [0, 1).
      const helper = floatHelper(editor, ctx, isBrowserCode(editor.root));
      if (typeof helper !== 'string') return helper;
      return editor.replace(site.node, helper);
    }
    // Triage routed the finding: every Math.random() of the statement is fixed at once, so two
    // calls on one line (a scanner reports each) leave nothing behind for the re-check.
    const statement = enclosingStatement(site.node);
    const within = (n: SgNode) =>
      n.range().start.index >= statement.range().start.index &&
      n.range().end.index <= statement.range().end.index;
    const calls = detect(editor.file).filter(
      (s): s is Site<Data> & { data: MathRandom } =>
        s.data?.call === 'math-random' && within(s.node),
    );
    const browser = isBrowserCode(editor.root);
    for (const one of calls) {
      const call = one.anchors![0]!;
      // An idiom whose bound holds another Math.random() is fixed call by call instead.
      const nested = calls.some((other) => other !== one && contains(one.node, other.anchors![0]!));
      const idiom = browser || nested ? ({ kind: 'float' } as const) : one.data.idiom;
      const refused = fixCall(
        editor,
        ctx,
        idiom,
        idiom.kind === 'float' ? call : one.node,
        browser,
      );
      if (refused) return refused;
    }
  },
});

type MathRandom = { call: 'math-random'; idiom: RandomIdiom };

function detect(file: SourceFile): Site<Data>[] {
  return [
    ...file.root.findAll('Math.random()').map((call) => {
      const { idiom, node } = idiomOf(call);
      return { node, anchors: [call], data: { call: 'math-random' as const, idiom } };
    }),
    ...file.root.findAll({ rule: { kind: 'variable_declarator' } }).flatMap((declarator) => {
      const value = declarator.field('value');
      const name = declarator.field('name');
      if (value?.text().replace(/\s+/g, '') !== 'Math.random' || name?.kind() !== 'identifier')
        return [];
      const uses = file.root
        .findAll({ rule: { kind: 'call_expression' } })
        .filter((c) => c.field('function')?.text() === name.text());
      return [
        {
          node: value,
          anchors: [declarator, ...uses],
          data: { call: 'math-random-alias' as const },
        },
      ];
    }),
    ...file.root.findAll({ rule: { pattern: '$C.pseudoRandomBytes($$$A)' } }).map((call) => ({
      node: call.field('function')!.field('property')!,
      anchors: [call],
      data: { call: 'pseudo-random-bytes' as const },
    })),
  ];
}

const contains = (outerNode: SgNode, inner: SgNode): boolean =>
  outerNode.range().start.index <= inner.range().start.index &&
  outerNode.range().end.index >= inner.range().end.index;

/** Replaces one idiom; browser code gets Web Crypto (node:crypto is not there). */
const fixCall = (
  editor: FileEditor,
  ctx: FixContext,
  idiom: RandomIdiom,
  node: SgNode,
  browser: boolean,
): NotApplicable | void => {
  if (idiom.kind === 'int') {
    const randomInt = ensureJsMember(editor, ctx, { ...CRYPTO, member: 'randomInt' });
    return editor.replace(node, `${randomInt}(${bare(idiom.bound)})`);
  }
  if (idiom.kind === 'token') {
    const randomBytes = ensureJsMember(editor, ctx, { ...CRYPTO, member: 'randomBytes' });
    ctx.behaviourChange(
      'the token is now hexadecimal (up to 32 characters) instead of base 36: code that checks its length or alphabet must accept it',
    );
    return editor.replace(node, `${randomBytes}(16).toString(${quoted(editor.file.style, 'hex')})`);
  }
  const helper = floatHelper(editor, ctx, browser);
  if (typeof helper !== 'string') return helper;
  editor.replace(node, `${helper}()`);
};

/** The name of the secure float helper, added once to the file. */
const floatHelper = (
  editor: FileEditor,
  ctx: FixContext,
  browser: boolean,
): string | NotApplicable => {
  const end = editor.file.style.semicolons ? ';' : '';
  const body = browser
    ? [
        '/** A float in [0, 1) from the Web Crypto CSPRNG (53 random bits, as Math.random). */',
        'function secureRandom() {',
        `\tconst words = new DataView(crypto.getRandomValues(new Uint32Array(2)).buffer)${end}`,
        `\treturn (words.getUint32(0) * 2 ** 21 + (words.getUint32(4) >>> 11)) / 2 ** 53${end}`,
        '}',
      ]
    : [
        '/** A float in [0, 1) from the operating system CSPRNG (48 random bits). */',
        'function secureRandom() {',
        `\treturn ${ensureJsMember(editor, ctx, { ...CRYPTO, member: 'randomBytes' })}(6).readUIntBE(0, 6) / 2 ** 48${end}`,
        '}',
      ];
  const helper = ensureHelper(editor, { name: 'secureRandom', code: body.join('\n') });
  return helper || notApplicable('unsafe_to_change', '`secureRandom` is already taken');
};

/** Code that touches `window` or `document` runs in a browser, where node:crypto is absent. */
const isBrowserCode = (root: SgNode): boolean =>
  identifierUsed(root, 'window') || identifierUsed(root, 'document');
