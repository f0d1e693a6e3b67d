import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { SEMGREP_GO } from '../shared/ids.js';
import {
  ensureGoImport,
  goImports,
  importedAs,
  packageUses,
  removeGoImport,
} from '../shared/imports.js';

const WEAK = ['crypto/md5', 'crypto/sha1'] as const;

interface Data {
  path: (typeof WEAK)[number];
}

/** Every use of crypto/md5 or crypto/sha1 (calls, `sha1.New` passed to hmac.New) and the import. */
const weakUses = (file: SourceFile) =>
  WEAK.flatMap((path) => {
    const local = importedAs(file.root, path);
    if (!local) return [];
    const spec = goImports(file.root).find((i) => i.path === path)!.spec;
    const uses = packageUses(file.root, local).map((u) =>
      u.parent()?.kind() === 'call_expression' ? u.parent()! : u,
    );
    // One fix rewrites every use (the import must go with the last one), so the file is its extent.
    return [spec, ...uses].map((node) => ({
      node,
      scope: file.root,
      data: { path },
    }));
  });

const REPLACEMENT: Record<string, string> = { New: 'New', Sum: 'Sum256' };

/** `remediate:go/weak-hash`: crypto/md5 and crypto/sha1 → crypto/sha256. */
export const goWeakHash = defineCodemod<Data>({
  id: 'remediate:go/weak-hash',
  languages: ['go'],
  rules: {
    gosec: ['G401', 'G501', 'G505'],
    semgrep: [SEMGREP_GO.md5, SEMGREP_GO.sha1],
  },
  cwe: [328, 327],
  owasp: ['A02:2021'],
  title: 'SHA-256 instead of MD5 or SHA-1',
  description:
    'Rewrites every use of `crypto/md5` or `crypto/sha1` in the file to `crypto/sha256` ' +
    '(`md5.New()` → `sha256.New()`, `md5.Sum(b)` → `sha256.Sum256(b)`, `hmac.New(sha1.New, k)` → ' +
    '`hmac.New(sha256.New, k)`) and swaps the import, whether the finding points at a call ' +
    '(G401) or at the import (G501, G505). Left alone with the reason: files that use the ' +
    "package's constants (`md5.Size`) or fixed-size digest arrays, which a longer digest breaks.",
  rationale: {
    problem:
      'MD5 and SHA-1 have practical collisions: two inputs with the same digest can be built, so ' +
      'a signature, an integrity check or a content address built on them can be forged.',
    change: 'The digest is SHA-256 (`crypto/sha256`), with the same `hash.Hash` API.',
    safety:
      '`sha256.New` returns a `hash.Hash` like `md5.New`; `Sum256` returns a `[32]byte` that ' +
      'slices and hex-encodes as `Sum` did. Digests differ and are longer: stored or exchanged ' +
      'values no longer match, which is why the fix is marked as a behaviour change.',
  },
  references: [
    { title: 'crypto/sha256', url: 'https://pkg.go.dev/crypto/sha256' },
    { title: 'CWE-328: Use of Weak Hash', url: 'https://cwe.mitre.org/data/definitions/328.html' },
  ],
  detect: weakUses,
  fix: ({ data }, editor, ctx) => {
    const { path } = data!;
    const root = editor.root;
    const local = importedAs(root, path)!;
    const uses = packageUses(root, local);
    const names = uses.map((u) => (u.kind() === 'qualified_type' ? '' : u.field('field')!.text()));
    const other = names.find((n) => !(n in REPLACEMENT));
    if (other !== undefined) {
      return notApplicable(
        'unsafe_to_change',
        `${local}.${other || 'a type'} is used: the SHA-256 digest is longer, so sizes and arrays written for ${path} need a person`,
      );
    }
    if (/\[(16|20)\]byte/.test(editor.text)) {
      return notApplicable(
        'unsafe_to_change',
        `the file declares a [16]byte or [20]byte array, likely a ${path} digest a SHA-256 one does not fit`,
      );
    }
    removeGoImport(editor, path);
    const sha = ensureGoImport(editor, 'crypto/sha256', 'sha256x');
    if (!sha) return notApplicable('unsafe_to_change', 'the name sha256 is taken');
    uses.forEach((use: SgNode, i) => editor.replace(use, `${sha}.${REPLACEMENT[names[i]!]}`));
    ctx.behaviourChange(
      `digests are SHA-256 instead of ${path.slice('crypto/'.length).toUpperCase()}: values stored or compared elsewhere no longer match`,
    );
  },
});
