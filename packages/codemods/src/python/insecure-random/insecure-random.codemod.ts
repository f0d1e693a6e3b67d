import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensurePythonImport, pythonModuleLocal } from '../../imports/python-imports.js';
import { purposeOf } from '../shared/context.js';
import { calleeName, importMap, nameUsed, rootName } from '../shared/names.js';
import { dropImportIfUnused } from '../shared/unused-import.js';
import { secureReplacement, type Replacement } from './replacements.js';

interface Data {
  replacement: Replacement | null;
  /** The node the replacement covers (the call, or `'%032x' % random.getrandbits(128)`). */
  target: SgNode;
}

const FUNCTIONS = new Set([
  'random',
  'randint',
  'randrange',
  'choice',
  'choices',
  'sample',
  'shuffle',
  'uniform',
  'triangular',
  'getrandbits',
  'randbytes',
]);

/** `'%032x' % random.getrandbits(128)`: the whole formatting is a `token_hex`. */
const hexFormatting = (call: SgNode): SgNode | null => {
  const parent = call.parent();
  if (parent?.kind() !== 'binary_operator' || parent.field('right')?.id() !== call.id())
    return null;
  if (parent.child(1)?.text() !== '%') return null;
  return /^['"]%0\d+x['"]$/.test(parent.field('left')?.text() ?? '') ? parent : null;
};

/** Module-level `random.*` calls whose value guards something (a token, a password, a code). */
const insecureCalls = (file: SourceFile) => {
  const imports = importMap(file.root);
  return file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const name = calleeName(call, imports);
    const fn = name?.startsWith('random.') ? name.slice('random.'.length) : null;
    if (!fn || !FUNCTIONS.has(fn)) return [];
    const format = fn === 'getrandbits' ? hexFormatting(call) : null;
    if (purposeOf(format ?? call) !== 'security') return [];
    const whole = format && secureReplacement(fn, call, format);
    const data: Data = whole
      ? { replacement: whole, target: format }
      : { replacement: secureReplacement(fn, call, null), target: call };
    return [{ node: call, anchors: format ? [format] : [], data }];
  });
};

/** `remediate:python/insecure-random`: `random.*` for tokens and secrets → `secrets`. */
export const pythonInsecureRandom = defineCodemod<Data>({
  id: 'remediate:python/insecure-random',
  languages: ['python'],
  rules: {
    bandit: ['B311'],
    semgrep: ['python_random_rule-random'],
    sonarqube: ['python:S2245'],
  },
  cwe: [338, 330],
  owasp: ['A02:2021'],
  title: 'Cryptographically secure randomness for tokens and secrets',
  description:
    'Rewrites `random` module calls whose result becomes a token, password, key, nonce, salt or ' +
    'one-time code (judged from the variable, key, argument or function it flows into) to the ' +
    '`secrets` module: `choice` → `secrets.choice`, `randrange(n)` → `secrets.randbelow(n)`, ' +
    "`randint(a, b)` → `secrets.randbelow(...) + a`, `getrandbits` → `secrets.randbits`, `'%032x' " +
    '% getrandbits(128)` → `secrets.token_hex(16)`, `randbytes` → `secrets.token_bytes`, and the ' +
    'others to a `secrets.SystemRandom()` method with the same signature. Uses with no security ' +
    'role (jitter, sampling, shuffling for display) are left alone.',
  rationale: {
    problem:
      'The `random` module is a Mersenne Twister: after 624 outputs an observer can predict every later value, so tokens, passwords or codes drawn from it can be guessed.',
    change:
      'The call now draws from the operating system CSPRNG through the `secrets` module (or ' +
      '`secrets.SystemRandom`, which has the same methods as `random`), with the same range and ' +
      'distribution: `randbelow(b - a + 1) + a` is exactly `randint(a, b)`.',
    safety:
      'Values keep their type, range and format; only their predictability changes. `random.seed` ' +
      'no longer affects these calls, which matters only to tests that expected fixed tokens.',
  },
  references: [
    {
      title: 'CWE-338: Use of Cryptographically Weak PRNG',
      url: 'https://cwe.mitre.org/data/definitions/338.html',
    },
    {
      title: 'Python secrets module',
      url: 'https://docs.python.org/3/library/secrets.html',
    },
    {
      title: 'OWASP A02:2021 Cryptographic Failures',
      url: 'https://owasp.org/Top10/A02_2021-Cryptographic_Failures/',
    },
  ],
  detect: insecureCalls,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    if (!data.replacement) {
      return notApplicable('unsafe_to_change', 'the call passes arguments this fix cannot map');
    }
    if (!pythonModuleLocal(editor.root, 'secrets') && nameUsed(editor.root, 'secrets')) {
      return notApplicable('unsafe_to_change', 'the name `secrets` is already used in the file');
    }
    const secrets = ensurePythonImport(editor, 'secrets');
    editor.replace(data.target, data.replacement(secrets));
    dropImportIfUnused(editor, rootName(node.field('function')!), [data.target]);
  },
});
