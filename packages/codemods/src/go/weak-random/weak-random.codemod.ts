import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { FileEditor } from '../../engine/file-editor.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensureGoHelper } from '../shared/helper.js';
import { argsOf, calleeOf, packageCalls } from '../shared/func.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { ensureGoImport, importedAs, packageUses, removeGoImport } from '../shared/imports.js';

// gosec G404's list (rules/rand.go): every generator function of math/rand and math/rand/v2.
const WEAK_V1 =
  /^(New|Read|ExpFloat64|Float32|Float64|Int|Int31|Int31n|Int63|Int63n|Intn|NormFloat64|Perm|Uint32|Uint64)$/;
const WEAK_V2 =
  /^(New|ExpFloat64|Float32|Float64|Int|Int32|Int32N|Int64|Int64N|IntN|N|NormFloat64|Perm|Uint|Uint32|Uint32N|Uint64|Uint64N|UintN)$/;
/** Bounded integers: the same distribution from crypto/rand through the helper. */
const BOUNDED = /^(Intn|Int31n|Int63n|IntN|Int32N|Int64N|N)$/;

interface Data {
  path: 'math/rand' | 'math/rand/v2';
  name: string;
  refusal?: string;
}

const REFUSALS: [RegExp, string][] = [
  [
    /^(Float32|Float64|ExpFloat64|NormFloat64)$/,
    'a floating-point draw is for simulation, jitter or sampling, where a seedable generator is the right tool; crypto/rand has no float API and a token should not be built from floats',
  ],
  [
    /^(Perm|Shuffle)$/,
    'a permutation drawn for ordering is not a secret; if it must be unpredictable, shuffle with a crypto/rand source by hand',
  ],
  [
    /^New$/,
    'rand.New builds a generator from a source (often seeded for reproducibility); the generator and each of its uses need a decision, not one call site',
  ],
  [
    /^(Int|Int31|Int63|Int32|Int64|Uint|Uint32|Uint64)$/,
    'an unbounded integer draw is usually an id or a seed: crypto/rand.Text() or rand.Read into a byte slice fits better than a number, and the type the value flows into decides which',
  ],
];

const weakCalls = (file: SourceFile) => {
  const out: { node: SgNode; data: Data }[] = [];
  for (const [path, names] of [
    ['math/rand', WEAK_V1],
    ['math/rand/v2', WEAK_V2],
  ] as const) {
    const local = importedAs(file.root, path);
    if (!local) continue;
    for (const call of packageCalls(file.root, local, names)) {
      const name = calleeOf(call)!.name;
      const refusal = REFUSALS.find(([re]) => re.test(name))?.[1];
      out.push({ node: call, data: { path, name, ...(refusal ? { refusal } : {}) } });
    }
  }
  // A package-level Seed with a constant makes every draw reproducible on purpose.
  return out.map((site) => {
    const local = importedAs(file.root, site.data.path)!;
    const seeded = packageCalls(file.root, local, /^Seed$/).some((c) =>
      /^\d+$/.test(argsOf(c)[0]?.text() ?? ''),
    );
    const fixable = out.filter((o) => !o.data.refusal && o.data.path === site.data.path);
    return {
      ...site,
      // Every fixable draw of the file is fixed at once (so the last one can drop the import Go
      // would refuse as unused), which makes the file the fix's extent.
      ...(fixable.length > 1 ? { scope: file.root } : {}),
      data: seeded
        ? {
            ...site.data,
            refusal: 'rand.Seed(<constant>) makes the sequence reproducible on purpose',
          }
        : site.data,
    };
  });
};

const HELPER = (
  crand: string,
  big: string,
) => `// randomBelow returns a uniformly distributed integer in [0, n) drawn from crypto/rand.
// Like math/rand's Intn it panics when n <= 0.
func randomBelow[T ~int | ~int32 | ~int64](n T) T {
	v, err := ${crand}.Int(${crand}.Reader, ${big}.NewInt(int64(n)))
	if err != nil {
		panic(err)
	}
	return T(v.Int64())
}`;

const rewrite = (editor: FileEditor, call: SgNode, name: string, crand: string, helper: string) => {
  const callee = calleeOf(call)!;
  if (name !== 'Read') {
    editor.replace(callee.node, helper);
    return;
  }
  const statement = call.parent();
  if (statement?.kind() !== 'expression_statement') {
    editor.replace(callee.node.field('operand')!, crand);
    return;
  }
  // math/rand.Read never fails, so its error is often dropped; crypto/rand.Read's is checked
  // (it can only fail when the OS has no randomness, which Go 1.24 turns into a crash anyway).
  const { lines, style } = editor.file;
  const indent = lines.indentOf(statement.range().start.line);
  const args = call.field('arguments')!.text();
  editor.replace(
    statement,
    `if _, err := ${crand}.Read${args}; err != nil {\n${indent}${style.indent}panic(err)\n${indent}}`,
  );
};

/** `remediate:go/weak-random`: math/rand draws for secrets → crypto/rand. */
export const goWeakRandom = defineCodemod<Data>({
  id: 'remediate:go/weak-random',
  languages: ['go'],
  rules: { gosec: ['G404'], semgrep: [SEMGREP_GO.mathRandom] },
  cwe: [338],
  owasp: ['A02:2021'],
  title: 'crypto/rand instead of math/rand',
  description:
    "`rand.Read(b)` of math/rand becomes crypto/rand's `Read` (same signature; a dropped error is checked and panics, as Go 1.24 does); bounded draws " +
    '(`rand.Intn(n)`, `Int63n`, `Int31n`, v2 `IntN`/`N`) call a small generic `randomBelow(n)` ' +
    'helper over `crypto/rand.Int`. Every such draw in the file is fixed at once, and the ' +
    'math/rand import is dropped when nothing else uses it (Go refuses unused imports); ' +
    'crypto/rand is imported as `crand` when `rand` stays taken. Floats, permutations, ' +
    '`rand.New` and a constant `rand.Seed` are left with the reason.',
  rationale: {
    problem:
      "math/rand is a deterministic generator (v1's default source is a 63-bit additive " +
      'generator; seeded from a guessable value before Go 1.20): values drawn from it for a ' +
      'token, a code or a key can be predicted from a few outputs.',
    change:
      "The values come from crypto/rand, the operating system's cryptographic generator; " +
      '`randomBelow` draws uniformly in [0, n) with `crypto/rand.Int` (no modulo bias).',
    safety:
      "The helper is generic over int, int32 and int64, so each call keeps its argument's and " +
      "result's type; it panics for n <= 0 as Intn does. crypto/rand.Read has math/rand.Read's " +
      'signature. Since Go 1.24 crypto/rand never returns an error, so the panic branch is only ' +
      'reached on older runtimes whose OS source fails.',
  },
  references: [
    { title: 'crypto/rand', url: 'https://pkg.go.dev/crypto/rand' },
    {
      title: 'CWE-338: Use of Cryptographically Weak PRNG',
      url: 'https://cwe.mitre.org/data/definitions/338.html',
    },
    {
      title: 'gosec G404',
      url: 'https://github.com/securego/gosec#available-rules',
    },
  ],
  detect: weakCalls,
  fix: (site, editor) => {
    const data = site.data!;
    if (data.refusal) return notApplicable('unsafe_to_change', data.refusal);
    if (data.path === 'math/rand/v2' && !BOUNDED.test(data.name))
      return notApplicable(
        'unsafe_to_change',
        `math/rand/v2.${data.name} has no crypto/rand form here`,
      );
    const file = editor.file;
    const mathLocal = importedAs(file.root, data.path)!;
    const all = weakCalls(file).filter((s) => s.data.path === data.path);
    const fixable = all.filter((s) => !s.data.refusal);
    const others = packageUses(file.root, mathLocal).filter(
      (use) =>
        !fixable.some(
          (s) => calleeOf(s.node)!.node.range().start.index === use.range().start.index,
        ),
    );
    const dropImport = others.length === 0;
    if (dropImport) removeGoImport(editor, data.path);
    const crand = ensureGoImport(editor, 'crypto/rand', 'crand');
    if (!crand) return notApplicable('unsafe_to_change', 'the names rand and crand are both taken');
    let helper = '';
    if (fixable.some((s) => s.data.name !== 'Read')) {
      const big = ensureGoImport(editor, 'math/big', 'mathbig');
      if (!big) return notApplicable('unsafe_to_change', 'the name big is taken');
      const name = ensureGoHelper(editor, { name: 'randomBelow', code: HELPER(crand, big) });
      if (!name) return notApplicable('unsafe_to_change', 'the name randomBelow is taken');
      helper = name;
    }
    for (const s of fixable) rewrite(editor, s.node, s.data.name, crand, helper);
  },
});
