import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import { enclosingStatement, type SourceFile } from '../../engine/source-file.js';
import { ensurePythonImport, pythonModuleLocal } from '../../imports/python-imports.js';
import { argumentsOf } from '../shared/args.js';
import {
  calleeName,
  callsTo,
  importMap,
  nameUsed,
  rootName,
  type ImportMap,
} from '../shared/names.js';
import { dropImportsIfUnused, renameImportIfUnused } from '../shared/unused-import.js';
import { secureReplacement, type Replacement } from './replacements.js';

interface Data {
  replacement: Replacement | null;
  /** The node the replacement covers (the call, or `'%032x' % random.getrandbits(128)`). */
  target: SgNode;
  /** Why the values stop being reproducible, when the program seeds the generator. */
  seeded: string | null;
  /** Why the call cannot be rewritten, if it cannot. */
  refusal?: string;
}

// Every module function Bandit (B311), Semgrep and Sonar report, plus the distributions
// `secrets.SystemRandom` has too: all keep their signature there.
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
  'betavariate',
  'binomialvariate',
  'expovariate',
  'gammavariate',
  'gauss',
  'lognormvariate',
  'normalvariate',
  'paretovariate',
  'vonmisesvariate',
  'weibullvariate',
]);

/** `'%032x' % random.getrandbits(128)`: the whole formatting is a `token_hex`. */
const hexFormatting = (call: SgNode): SgNode | null => {
  const parent = call.parent();
  if (parent?.kind() !== 'binary_operator' || parent.field('right')?.id() !== call.id())
    return null;
  if (parent.child(1)?.text() !== '%') return null;
  return /^['"]%0\d+x['"]$/.test(parent.field('left')?.text() ?? '') ? parent : null;
};

/** The `random.seed(x)` call of the file, if it seeds the module generator with a value. */
const moduleSeed = (file: SourceFile, imports: ImportMap): SgNode | null =>
  callsTo(file.root, imports, (n) => n === 'random.seed').find(
    ({ call }) => argumentsOf(call).length > 0,
  )?.call ?? null;

/**
 * Every `random.*` call (module functions and `random.Random(...)` instances), whatever the
 * value is for: triage has already judged the finding, and the replacement keeps each call's
 * type, range and distribution. Seeding is the one behaviour that goes, so it is flagged.
 */
const insecureCalls = (file: SourceFile) => {
  const imports = importMap(file.root);
  const seed = moduleSeed(file, imports);
  return file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const name = calleeName(call, imports);
    // Bandit matches `random.<fn>(...)` by its text; where `random` is not the standard module
    // (NumPy's `from numpy import random`, a `random = Generator(...)` variable) the finding is
    // about another generator, whose API `secrets` does not have.
    const callee = call.field('function');
    if (
      !name?.startsWith('random.') &&
      callee?.kind() === 'attribute' &&
      callee.field('object')?.text() === 'random' &&
      FUNCTIONS.has(callee.field('attribute')!.text())
    ) {
      const refusal = `\`random\` here is ${name ? name.slice(0, name.lastIndexOf('.')) : 'not the standard library module'}: its API has no \`secrets\` equivalent`;
      return [{ node: call, data: { replacement: null, target: call, seeded: null, refusal } }];
    }
    const fn = name?.startsWith('random.') ? name.slice('random.'.length) : null;
    if (fn === 'Random') {
      const seeded = argumentsOf(call).length > 0;
      const data: Data = {
        replacement: (s) => `${s}.SystemRandom()`,
        target: call,
        seeded: seeded
          ? `\`${call.text()}\` was seeded, so its sequence was reproducible; \`secrets.SystemRandom()\` ignores seeds and draws different values on every run`
          : null,
      };
      return [{ node: call, data }];
    }
    if (!fn || !FUNCTIONS.has(fn)) return [];
    const format = fn === 'getrandbits' ? hexFormatting(call) : null;
    const seeded = seed
      ? `the file seeds the module generator (\`${seed.text()}\` at line ${seed.range().start.line + 1}), so these values were reproducible; the \`secrets\` replacement ignores the seed`
      : null;
    const whole = format && secureReplacement(fn, call, format);
    const data: Data = whole
      ? { replacement: whole, target: format, seeded }
      : { replacement: secureReplacement(fn, call, null), target: call, seeded };
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
  title: 'Cryptographically secure randomness',
  description:
    'Rewrites every `random` module call triage routes (whatever the value is for: triage has ' +
    'judged the finding) to the `secrets` module: `choice` → `secrets.choice`, `randrange(n)` → ' +
    '`secrets.randbelow(n)`, `randint(a, b)` → `secrets.randbelow(...) + a`, `getrandbits` → ' +
    "`secrets.randbits`, `'%032x' % getrandbits(128)` → `secrets.token_hex(16)`, `randbytes` → " +
    '`secrets.token_bytes`, `random.Random(...)` → `secrets.SystemRandom()`, and the others to ' +
    'a `secrets.SystemRandom()` method with the same signature. Imports inside functions, ' +
    'aliases and `from random import ...` are followed. Policy: behaviour-preserving (same ' +
    'types, ranges and distributions), except where the program seeds the generator ' +
    '(`random.seed(x)` in the file, `random.Random(seed)`): the fix is still made, marked ' +
    '`behaviour_change`, since the values stop being reproducible. Declined with the reason: ' +
    '`random` bound to another generator (a NumPy `Generator`, `from numpy import random`), ' +
    'arguments that cannot be mapped, the name `secrets` already taken.',
  rationale: {
    problem:
      'The `random` module is a Mersenne Twister: after 624 outputs an observer can predict every later value, so tokens, passwords or codes drawn from it can be guessed.',
    change:
      'The call now draws from the operating system CSPRNG through the `secrets` module (or ' +
      '`secrets.SystemRandom`, which has the same methods as `random`), with the same range and ' +
      'distribution: `randbelow(b - a + 1) + a` is exactly `randint(a, b)`.',
    safety:
      'Values keep their type, range and format; only their predictability changes. Where the ' +
      'file seeds the generator (`random.seed(x)`, `random.Random(seed)`), the values were ' +
      'reproducible and no longer are: the fix says so as a behaviour change for the reviewer.',
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
  fix: (site, editor, ctx) => {
    if (!site.data) return;
    // Every `random` call of the statement is fixed at once: a scanner reports each of two
    // calls on one line, and a fix that left the other would fail its own re-check (and two
    // fixes of the same line would conflict when both pull requests merge).
    const statement = enclosingStatement(site.node);
    const sites = insecureCalls(editor.file).filter((s) => within(s.data.target, statement));
    const targets = sites.map((s) => s.data.target);
    if (targets.some((t, i) => targets.some((u, j) => i !== j && within(t, u)))) {
      return notApplicable('unsafe_to_change', 'a `random` call is nested in another one');
    }
    const refused = sites.find((s) => s.data.refusal)?.data.refusal;
    if (refused) return notApplicable('unsafe_to_change', refused);
    if (sites.some((s) => !s.data.replacement)) {
      return notApplicable('unsafe_to_change', 'the call passes arguments this fix cannot map');
    }
    if (!pythonModuleLocal(editor.root, 'secrets') && nameUsed(editor.root, 'secrets')) {
      return notApplicable('unsafe_to_change', 'the name `secrets` is already used in the file');
    }
    const seeded = sites.find((s) => s.data.seeded)?.data!.seeded;
    if (seeded) ctx.behaviourChange(seeded);
    // `import random` that the fix leaves unused becomes `import secrets` in place.
    if (
      !pythonModuleLocal(editor.root, 'secrets') &&
      sites.some((s) => rootName(s.node.field('function')!) === 'random') &&
      renameImportIfUnused(editor, 'random', 'secrets', targets)
    ) {
      editor.memo.set('py:secrets', 'secrets');
    }
    const secrets = ensurePythonImport(editor, 'secrets');
    for (const { data } of sites) editor.replace(data.target, data.replacement!(secrets));
    dropImportsIfUnused(
      editor,
      sites.map((s) => rootName(s.node.field('function')!)),
      targets,
    );
  },
});

const within = (inner: SgNode, outer: SgNode): boolean =>
  outer.range().start.index <= inner.range().start.index &&
  inner.range().end.index <= outer.range().end.index;
