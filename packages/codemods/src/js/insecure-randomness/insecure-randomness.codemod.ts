import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { ensureHelper } from '../../imports/helpers.js';
import { ensureJsMember, identifierUsed } from '../../imports/js-imports.js';
import { quoted } from '../../text/style.js';
import { bare, idiomOf, type RandomIdiom } from './idioms.js';

type Data = { call: 'math-random'; idiom: RandomIdiom } | { call: 'pseudo-random-bytes' };

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
    'Replaces `Math.random()` (and `crypto.pseudoRandomBytes`) where it produces a secret, token ' +
    'or identifier with `node:crypto`: `randomInt(n)` for `Math.floor(Math.random() * n)`, ' +
    "`randomBytes(16).toString('hex')` for `Math.random().toString(36)` tokens, and a secure " +
    'float helper otherwise. Only the call the finding points at changes.',
  rationale: {
    problem:
      '`Math.random()` is a fast statistical generator whose internal state can be recovered ' +
      'from a few outputs, so tokens, identifiers or secrets derived from it can be predicted.',
    change:
      'The value now comes from the operating system CSPRNG through `node:crypto` ' +
      '(`randomInt`, `randomBytes`), imported once in the style the file already uses.',
    safety:
      'The replacement keeps the type and range of the value (an integer in `[0, n)`, a ' +
      'string of hexadecimal characters, a float in `[0, 1)`); other uses of `Math.random()` ' +
      'in the file, such as jitter or animation, are left alone.',
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
  detect: (file) => [
    ...file.root.findAll('Math.random()').map((call) => {
      const { idiom, node } = idiomOf(call);
      return { node, anchors: [call], data: { call: 'math-random' as const, idiom } };
    }),
    ...file.root.findAll({ rule: { pattern: '$C.pseudoRandomBytes($$$A)' } }).map((call) => ({
      node: call.field('function')!.field('property')!,
      anchors: [call],
      data: { call: 'pseudo-random-bytes' as const },
    })),
  ],
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    if (isBrowserCode(editor.root)) {
      return notApplicable(
        'unsafe_to_change',
        'browser code: node:crypto is not available; use crypto.getRandomValues() there',
      );
    }
    if (data.call === 'pseudo-random-bytes') return editor.replace(node, 'randomBytes');
    const { idiom } = data;
    if (idiom.kind === 'int') {
      const randomInt = ensureJsMember(editor, ctx, { ...CRYPTO, member: 'randomInt' });
      return editor.replace(node, `${randomInt}(${bare(idiom.bound)})`);
    }
    const randomBytes = ensureJsMember(editor, ctx, { ...CRYPTO, member: 'randomBytes' });
    if (idiom.kind === 'token') {
      return editor.replace(
        node,
        `${randomBytes}(16).toString(${quoted(editor.file.style, 'hex')})`,
      );
    }
    const helper = ensureHelper(editor, {
      name: 'secureRandom',
      code: [
        '/** A float in [0, 1) from the operating system CSPRNG (48 random bits). */',
        'function secureRandom() {',
        `\treturn ${randomBytes}(6).readUIntBE(0, 6) / 2 ** 48${editor.file.style.semicolons ? ';' : ''}`,
        '}',
      ].join('\n'),
    });
    if (!helper) return notApplicable('unsafe_to_change', '`secureRandom` is already taken');
    return editor.replace(node, `${helper}()`);
  },
});

/** Code that touches `window` or `document` runs in a browser, where node:crypto is absent. */
const isBrowserCode = (root: SgNode): boolean =>
  identifierUsed(root, 'window') || identifierUsed(root, 'document');
