import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensureJavaImport } from '../../imports/java-imports.js';

interface Data {
  /** The type node of the `new` expression (`Random` or `java.util.Random`). */
  type: SgNode;
  /** True for `new Random(seed)`: a fixed seed means reproducible on purpose. */
  seeded: boolean;
}

const importsJavaUtilRandom = (root: SgNode): boolean =>
  root
    .children()
    .filter((n) => n.kind() === 'import_declaration')
    .some((n) => /^import\s+java\.util\.(Random|\*)\s*;/.test(n.text()));

/** Where a variable initialized with the `new` expression is used as `name.method(...)`. */
const usesOf = (creation: SgNode): SgNode[] => {
  const declarator = creation.parent();
  if (declarator?.kind() !== 'variable_declarator') return [];
  const name = declarator.field('name')?.text();
  const declaration = declarator.parent();
  const scope =
    declaration?.kind() === 'field_declaration' ? declaration.parent() : declaration?.parent();
  if (!name || !scope) return [];
  return scope.findAll({ rule: { kind: 'method_invocation' } }).filter((call) => {
    const object = call.field('object')?.text();
    return object === name || object === `this.${name}`;
  });
};

/**
 * `ThreadLocalRandom.current()`: declined. SecureRandom has no per-thread instance to take its
 * place, and what callers use it for decides the replacement (a shared SecureRandom, and
 * `nextInt(origin, bound)` / `nextLong(bound)`, which SecureRandom has only from Java 17).
 */
const threadLocalSites = (file: SourceFile) =>
  file.root
    .findAll({ rule: { kind: 'method_invocation' } })
    .filter(
      (call) =>
        call.field('name')?.text() === 'current' &&
        /^(java\.util\.concurrent\.)?ThreadLocalRandom$/.test(call.field('object')?.text() ?? ''),
    )
    .map((call) => ({
      node: call,
      decline:
        'ThreadLocalRandom.current() has no drop-in secure counterpart: SecureRandom is one shared, synchronized generator rather than one per thread, and ThreadLocalRandom-typed APIs or nextInt(origin, bound)/nextLong(bound) before Java 17 do not accept it; a reviewer chooses the shared SecureRandom',
    }));

const randomCreations = (file: SourceFile) => {
  const simpleIsUtil = importsJavaUtilRandom(file.root);
  return file.root.findAll({ rule: { kind: 'object_creation_expression' } }).flatMap((creation) => {
    const type = creation.field('type');
    const name = type?.text();
    const util = name === 'java.util.Random' || (name === 'Random' && simpleIsUtil);
    if (!type || !util || creation.children().some((c) => c.kind() === 'class_body')) return [];
    const seeded = (creation.field('arguments')?.namedChildren().length ?? 0) > 0;
    const inline = creation.parent()?.kind() === 'method_invocation' ? [creation.parent()!] : [];
    const declarator =
      creation.parent()?.kind() === 'variable_declarator' ? [creation.parent()!] : [];
    return [
      {
        node: creation,
        anchors: [...declarator, ...inline, ...usesOf(creation)],
        data: { type, seeded },
      },
    ];
  });
};

/** `remediate:java/insecure-random`: `new Random()` for security values → `new SecureRandom()`. */
export const javaInsecureRandom = defineCodemod<Data>({
  id: 'remediate:java/insecure-random',
  languages: ['java'],
  rules: {
    codeql: ['java/insecure-randomness'],
    semgrep: ['java.lang.security.audit.crypto.weak-random.weak-random'],
    spotbugs: ['PREDICTABLE_RANDOM'],
    sonarqube: ['java:S2245'],
  },
  cwe: [330, 338],
  owasp: ['A02:2021'],
  title: 'SecureRandom for security-sensitive values',
  description:
    'Replaces `new Random()` / `new java.util.Random()` with `new SecureRandom()` (importing ' +
    '`java.security.SecureRandom` once) whatever the names around it say. The finding may point at ' +
    'the construction, the variable or a `nextInt`/`nextBytes` call on it. Declined with the reason: ' +
    '`new Random(seed)` (reproducible on purpose) and `ThreadLocalRandom.current()` (no per-thread ' +
    'secure generator; its range methods exist on SecureRandom only from Java 17).',
  rationale: {
    problem:
      '`java.util.Random` is a 48-bit linear congruential generator: after one or two outputs ' +
      'an attacker can compute every following value, so tokens or passwords drawn from it are ' +
      'predictable.',
    change:
      'The generator is constructed as `java.security.SecureRandom`, which draws from the ' +
      "platform's cryptographically strong source.",
    safety:
      '`SecureRandom` extends `Random`, so the variable, its declared type and every call on it ' +
      'keep compiling and behaving the same apart from the unpredictability. A seeded ' +
      '`new Random(seed)` is left alone: a fixed seed means the sequence is meant to repeat.',
  },
  references: [
    {
      title: 'CWE-330: Use of Insufficiently Random Values',
      url: 'https://cwe.mitre.org/data/definitions/330.html',
    },
    {
      title: 'SEI CERT MSC02-J. Generate strong random numbers',
      url: 'https://wiki.sei.cmu.edu/confluence/display/java/MSC02-J.+Generate+strong+random+numbers',
    },
    {
      title: 'java.security.SecureRandom',
      url: 'https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/security/SecureRandom.html',
    },
  ],
  detect: (file) => [...randomCreations(file), ...threadLocalSites(file)],
  fix: ({ data }, editor) => {
    if (!data) return;
    if (data.seeded) {
      return notApplicable('unsafe_to_change', 'new Random(seed) is reproducible on purpose');
    }
    const qualified = data.type.text() === 'java.util.Random';
    const name = qualified
      ? 'java.security.SecureRandom'
      : ensureJavaImport(editor, 'java.security.SecureRandom');
    editor.replace(data.type, name);
  },
});
