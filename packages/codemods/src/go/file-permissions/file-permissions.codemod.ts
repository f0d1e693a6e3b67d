import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { argsOf, calleeOf, packageCalls } from '../shared/func.js';
import { importedAs } from '../shared/imports.js';

/** The mode argument's position and the widest mode gosec accepts, per function. */
const CALLS: Record<string, { path: string; arg: number; max: number; rule: string }> = {
  'os.Mkdir': { path: 'os', arg: 1, max: 0o750, rule: 'G301' },
  'os.MkdirAll': { path: 'os', arg: 1, max: 0o750, rule: 'G301' },
  'os.WriteFile': { path: 'os', arg: 2, max: 0o600, rule: 'G306' },
  'ioutil.WriteFile': { path: 'io/ioutil', arg: 2, max: 0o600, rule: 'G306' },
  'os.OpenFile': { path: 'os', arg: 2, max: 0o600, rule: 'G302' },
  'os.Chmod': { path: 'os', arg: 1, max: 0o600, rule: 'G302' },
  'os.Create': { path: 'os', arg: -1, max: 0o600, rule: 'G307' },
};

interface Data {
  fn: string;
  os: string;
  mode?: SgNode;
}

/** A mode written as an octal literal or os/fs.ModePerm, as a number; null for anything else. */
const modeValue = (node: SgNode): number | null => {
  const text = node.text();
  if (/^(os|fs)\.ModePerm$/.test(text)) return 0o777;
  const m = /^0[oO]?([0-7]+)$/.exec(text.replaceAll('_', ''));
  return m ? parseInt(m[1]!, 8) : null;
};

const writeMode = (original: string, value: number): string =>
  /^0[oO]/.test(original) ? `0o${value.toString(8)}` : `0${value.toString(8)}`;

const permissiveCalls = (file: SourceFile) =>
  (['os', 'io/ioutil'] as const).flatMap((path) => {
    const local = importedAs(file.root, path);
    const os = importedAs(file.root, 'os') ?? 'os';
    if (!local) return [];
    const prefix = path === 'os' ? 'os' : 'ioutil';
    return packageCalls(
      file.root,
      local,
      /^(Mkdir|MkdirAll|WriteFile|OpenFile|Chmod|Create)$/,
    ).flatMap((call) => {
      const fn = `${prefix}.${calleeOf(call)!.name}`;
      const spec = CALLS[fn];
      if (!spec || spec.path !== path) return [];
      if (spec.arg < 0) return [{ node: call, data: { fn, os } }];
      const mode = argsOf(call)[spec.arg];
      if (!mode) return [];
      const value = modeValue(mode);
      if (value !== null && (value & ~spec.max) === 0) return [];
      return [{ node: call, data: { fn, os, mode } }];
    });
  });

/** `remediate:go/file-permissions`: files 0600 and directories 0750 at most. */
export const goFilePermissions = defineCodemod<Data>({
  id: 'remediate:go/file-permissions',
  languages: ['go'],
  rules: { gosec: ['G301', 'G302', 'G306', 'G307'] },
  cwe: [276, 732],
  owasp: ['A01:2021'],
  title: 'Owner-only file permissions',
  description:
    'Narrows the mode of `os.WriteFile`, `os.OpenFile`, `os.Chmod` (to 0600 at most) and ' +
    '`os.Mkdir`/`MkdirAll` (to 0750 at most) by clearing the bits beyond those (`0644` → `0600`, ' +
    '`0o755` → `0o750`, `os.ModePerm` → `0o750`), keeping the literal style; `os.Create(name)` ' +
    '(mode 0666) becomes `os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600)`, which is ' +
    'what Create does with a narrower mode. A mode held in a variable or constant is left with ' +
    'the reason.',
  rationale: {
    problem:
      'Files readable by group and others (0644, 0666) and directories writable or listable by ' +
      'them expose what the program writes (keys, tokens, exports) to every account on the host ' +
      'or in the container image.',
    change:
      "Only the owner may read and write the files, and only the owner's group may enter the " +
      'directories; the umask can still narrow them further.',
    safety:
      'The program itself runs as the owner and keeps every access it had. Other accounts that ' +
      'read these files (a sidecar, a web server serving them) lose access: the fix says so.',
  },
  references: [
    { title: 'os.WriteFile', url: 'https://pkg.go.dev/os#WriteFile' },
    {
      title: 'CWE-732: Incorrect Permission Assignment for Critical Resource',
      url: 'https://cwe.mitre.org/data/definitions/732.html',
    },
  ],
  detect: permissiveCalls,
  fix: ({ node, data }, editor, ctx) => {
    const { fn, os, mode } = data!;
    const spec = CALLS[fn]!;
    if (!mode) {
      const [name, ...rest] = argsOf(node);
      if (!name || rest.length > 0)
        return notApplicable('pattern_not_recognized', 'os.Create without one argument');
      editor.replace(
        node,
        `${os}.OpenFile(${name.text()}, ${os}.O_RDWR|${os}.O_CREATE|${os}.O_TRUNC, 0o600)`,
      );
    } else {
      const value = modeValue(mode);
      if (value === null) {
        return notApplicable(
          'unsafe_to_change',
          `the mode ${mode.text()} is a named value: narrowing it here may not be what its other uses need`,
        );
      }
      const narrowed = value & spec.max;
      editor.replace(
        mode,
        /ModePerm$/.test(mode.text())
          ? `0o${narrowed.toString(8)}`
          : writeMode(mode.text(), narrowed),
      );
    }
    ctx.behaviourChange(
      `other accounts lose access the old mode gave them (${spec.rule}: at most ${spec.max.toString(8).padStart(4, '0')})`,
    );
  },
});
