import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { notApplicable } from '../../engine/codemod.js';
import { ensureGoHelper } from '../shared/helper.js';
import { argsOf, calleeOf, enclosingFunction, packageCalls } from '../shared/func.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { ensureGoImport, importedAs } from '../shared/imports.js';

const DECOMPRESSORS: [string, RegExp][] = [
  ['compress/gzip', /^NewReader$/],
  ['compress/zlib', /^NewReader(Dict)?$/],
  ['compress/flate', /^NewReader(Dict)?$/],
  ['compress/bzip2', /^NewReader$/],
  ['compress/lzw', /^NewReader$/],
];

interface Data {
  /** The package the call names (`io`, or `ioutil` for `ioutil.ReadAll`). */
  pkg: 'io' | 'io/ioutil';
  /** The file's name for that package. */
  local: string;
  name: 'Copy' | 'CopyBuffer' | 'ReadAll';
}

/** Names bound to a decompressing reader in a function: `gz, err := gzip.NewReader(r)`, `rc, err := f.Open()` over zip entries. */
const decompressedNames = (fn: SgNode, file: SourceFile): Set<string> => {
  const names = new Set<string>();
  const creators = DECOMPRESSORS.flatMap(([path, re]) => {
    const local = importedAs(file.root, path);
    return local ? packageCalls(fn, local, re) : [];
  });
  const zipOpens = fn
    .findAll({ rule: { kind: 'call_expression' } })
    .filter(
      (c) =>
        calleeOf(c)?.name === 'Open' &&
        argsOf(c).length === 0 &&
        importedAs(file.root, 'archive/zip'),
    );
  for (const call of [...creators, ...zipOpens]) {
    const decl = call.parent()?.parent();
    if (decl?.kind() !== 'short_var_declaration' && decl?.kind() !== 'assignment_statement')
      continue;
    const first = decl.field('left')?.namedChildren()[0];
    if (first?.kind() === 'identifier') names.add(first.text());
  }
  return names;
};

/** A reader argument that decompresses: a name bound to one, or `flate.NewReader(r)` itself. */
const decompressing = (src: SgNode, fn: SgNode, file: SourceFile): boolean => {
  if (src.kind() === 'identifier') return decompressedNames(fn, file).has(src.text());
  if (src.kind() !== 'call_expression') return false;
  return DECOMPRESSORS.some(([path, re]) => {
    const local = importedAs(file.root, path);
    const callee = calleeOf(src);
    return local !== null && callee?.operand === local && re.test(callee.name);
  });
};

/**
 * `io.Copy(dst, src)`, `io.CopyBuffer(dst, src, buf)`, `io.ReadAll(src)` and
 * `ioutil.ReadAll(src)` (the pre-Go 1.16 spelling most older code keeps) of a decompressing reader.
 */
const unboundedCopies = (file: SourceFile) =>
  (
    [
      ['io', /^(Copy|CopyBuffer|ReadAll)$/],
      ['io/ioutil', /^ReadAll$/],
    ] as const
  ).flatMap(([pkg, names]) => {
    const local = importedAs(file.root, pkg);
    if (!local) return [];
    return packageCalls(file.root, local, names).flatMap((call) => {
      const name = calleeOf(call)!.name as Data['name'];
      const src = argsOf(call)[name === 'ReadAll' ? 0 : 1];
      const fn = enclosingFunction(call);
      if (!src || !fn || !decompressing(src, fn, file)) return [];
      return [{ node: call, data: { pkg, local, name } }];
    });
  });

const LIMIT = '1 << 30 // 1 GiB; raise it if larger payloads are expected';

const COPY = (
  io: string,
  errors: string,
) => `// copyLimited is io.Copy for decompressed data: it fails instead of copying more than
// maxDecompressed bytes, so a small archive cannot expand into gigabytes.
func copyLimited(dst ${io}.Writer, src ${io}.Reader) (int64, error) {
	const maxDecompressed = ${LIMIT}
	n, err := ${io}.Copy(dst, ${io}.LimitReader(src, maxDecompressed+1))
	if err == nil && n > maxDecompressed {
		return n, ${errors}.New("decompressed data exceeds the size limit")
	}
	return n, err
}`;

const COPY_BUFFER = (
  io: string,
  errors: string,
) => `// copyBufferLimited is io.CopyBuffer for decompressed data: it fails instead of copying more
// than maxDecompressed bytes, so a small archive cannot expand into gigabytes.
func copyBufferLimited(dst ${io}.Writer, src ${io}.Reader, buf []byte) (int64, error) {
	const maxDecompressed = ${LIMIT}
	n, err := ${io}.CopyBuffer(dst, ${io}.LimitReader(src, maxDecompressed+1), buf)
	if err == nil && n > maxDecompressed {
		return n, ${errors}.New("decompressed data exceeds the size limit")
	}
	return n, err
}`;

/** `readAll` is `io.ReadAll`, or `ioutil.ReadAll` in a file that spells it so (Go before 1.16). */
const READ_ALL = (
  io: string,
  readAll: string,
  errors: string,
) => `// readAllLimited is ${readAll} for decompressed data: it fails instead of reading more than
// maxDecompressed bytes, so a small archive cannot expand into gigabytes.
func readAllLimited(src ${io}.Reader) ([]byte, error) {
	const maxDecompressed = ${LIMIT}
	b, err := ${readAll}(${io}.LimitReader(src, maxDecompressed+1))
	if err == nil && len(b) > maxDecompressed {
		return nil, ${errors}.New("decompressed data exceeds the size limit")
	}
	return b, err
}`;

/** `remediate:go/decompression-limit`: decompressed data copied with a size limit. */
export const goDecompressionLimit = defineCodemod<Data>({
  id: 'remediate:go/decompression-limit',
  languages: ['go'],
  rules: { gosec: ['G110'], semgrep: [SEMGREP_GO.decompression] },
  cwe: [409],
  owasp: ['A05:2021'],
  title: 'Decompression with a size limit',
  description:
    '`io.Copy(dst, r)`, `io.CopyBuffer(dst, r, buf)`, `io.ReadAll(r)` and `ioutil.ReadAll(r)` ' +
    "of a reader from `gzip`/`zlib`/`flate`/`bzip2`/`lzw` `NewReader` or a zip entry's " +
    '`Open()` call a helper with the same signature, `copyLimited`/`copyBufferLimited`/' +
    '`readAllLimited`, which reads through `io.LimitReader` and fails past 1 GiB (one constant ' +
    'to raise). A file that calls `ioutil.ReadAll` keeps it in the helper (no newer API than ' +
    'the module already uses) and gains the `io` import the helper needs.',
  rationale: {
    problem:
      'Compression ratios of 1000:1 and more are easy to build: a few kilobytes uploaded expand ' +
      'to gigabytes when copied without a limit, filling memory or disk (a decompression bomb).',
    change:
      'The copy stops after 1 GiB of decompressed data and returns an error instead of going on.',
    safety:
      "The helpers have io.Copy's, io.CopyBuffer's and io.ReadAll's signatures and results, so the call site " +
      'is unchanged apart from the name. Payloads above the limit now fail with an error rather ' +
      'than truncating silently, which the fix says; the limit is one constant in the helper.',
  },
  references: [
    { title: 'io.LimitReader', url: 'https://pkg.go.dev/io#LimitReader' },
    {
      title: 'CWE-409: Improper Handling of Highly Compressed Data',
      url: 'https://cwe.mitre.org/data/definitions/409.html',
    },
  ],
  detect: unboundedCopies,
  fix: ({ node, data }, editor, ctx) => {
    const { pkg, local, name } = data!;
    const io = pkg === 'io' ? local : ensureGoImport(editor, 'io', 'stdio');
    if (!io) return notApplicable('unsafe_to_change', 'the names io and stdio are taken');
    const errors = ensureGoImport(editor, 'errors', 'stderrors');
    if (!errors) return notApplicable('unsafe_to_change', 'the name errors is taken');
    const helper =
      name === 'Copy'
        ? ensureGoHelper(editor, { name: 'copyLimited', code: COPY(io, errors) })
        : name === 'CopyBuffer'
          ? ensureGoHelper(editor, { name: 'copyBufferLimited', code: COPY_BUFFER(io, errors) })
          : ensureGoHelper(editor, {
              name: 'readAllLimited',
              code: READ_ALL(io, `${local}.ReadAll`, errors),
            });
    if (!helper) return notApplicable('unsafe_to_change', `the helper's name is taken`);
    editor.replace(node.field('function')!, helper);
    ctx.behaviourChange('decompressed data larger than 1 GiB now fails with an error');
  },
});
