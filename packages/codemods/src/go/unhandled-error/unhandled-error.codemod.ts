import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { returnWithError } from '../shared/func.js';

/** Methods and functions whose only result is an error. */
const ERROR_ONLY =
  /^(Close|Remove|RemoveAll|Rename|Chmod|Chown|Chdir|Setenv|Unsetenv|Flush|Sync|Encode|Execute|ExecuteTemplate|WriteFile|Mkdir|MkdirAll|Truncate|SetDeadline|SetReadDeadline|SetWriteDeadline|Shutdown|Commit|Rollback|Ping)$/;
/** Methods and functions that return a count and an error. */
const COUNT_AND_ERROR =
  /^(Write|WriteString|WriteTo|ReadFrom|Fprintf|Fprintln|Fprint|Copy|CopyN|CopyBuffer)$/;

interface Data {
  call: SgNode;
  name: string;
  /** Results besides the error; 0 = not known without the types (gosec has them, we do not). */
  results: 0 | 1 | 2;
}

const uncheckedCalls = (file: SourceFile) =>
  file.root.findAll({ rule: { kind: 'expression_statement' } }).flatMap((statement) => {
    const call = statement.namedChildren()[0];
    if (call?.kind() !== 'call_expression' || statement.parent()?.kind() !== 'statement_list')
      return [];
    const fn = call.field('function');
    const name = fn?.kind() === 'selector_expression' ? fn.field('field')?.text() : fn?.text();
    if (!name) return [];
    const results: Data['results'] = ERROR_ONLY.test(name) ? 1 : COUNT_AND_ERROR.test(name) ? 2 : 0;
    return [{ node: statement, data: { call, name, results } }];
  });

/** `remediate:go/unhandled-error`: an error a call returns is checked and returned. */
export const goUnhandledError = defineCodemod<Data>({
  id: 'remediate:go/unhandled-error',
  languages: ['go'],
  rules: { gosec: ['G104'] },
  cwe: [703, 252],
  title: 'Errors of Close, Write and friends returned',
  description:
    'A call statement that drops an error (`f.Close()`, `w.Write(b)`, `os.Remove(p)`, ' +
    '`enc.Encode(v)`, `tx.Rollback()`...) becomes `if err := f.Close(); err != nil { return ' +
    '..., err }` (`_, err :=` for count-and-error calls) when the function returns an error ' +
    'last; the other results get their zero values. In a function that returns no error ' +
    '(an HTTP handler) there is nowhere to send it, so it is left with the reason. Deferred ' +
    'calls, calls that share a line with other statements (one-line function literals) and ' +
    'calls of other functions, whose results are not known without the types, are left with ' +
    'the reason.',
  rationale: {
    problem:
      'A dropped error hides a failed write, a file that was not flushed to disk, a ' +
      'transaction that did not roll back or a lock that was not released: the program goes on ' +
      'as if it had succeeded and may act on data that is not there.',
    change: "The error is checked and returned to the caller, like the function's other errors.",
    safety:
      'On success nothing changes. On failure the function now returns the error instead of ' +
      'carrying on; the caller already handles errors from this function.',
  },
  references: [
    { title: 'Effective Go: errors', url: 'https://go.dev/doc/effective_go#errors' },
    {
      title: 'CWE-252: Unchecked Return Value',
      url: 'https://cwe.mitre.org/data/definitions/252.html',
    },
  ],
  detect: uncheckedCalls,
  fix: ({ node, data }, editor) => {
    const { call, name, results } = data!;
    if (results === 0) {
      return notApplicable(
        'unsafe_to_change',
        `what ${name}() returns besides its error is not known without the types (gosec reads them, the fixer does not): checking it needs its result list`,
      );
    }
    const line = node.range().start.line;
    const shared = node
      .parent()
      ?.namedChildren()
      .some(
        (s) =>
          s.range().start.index !== node.range().start.index &&
          s.range().start.line <= line &&
          s.range().end.line >= line,
      );
    if (shared) {
      return notApplicable(
        'unsafe_to_change',
        'the call shares its line with other statements (a one-line function): the check would need the block laid out again, left to a person',
      );
    }
    const leave = returnWithError(node, 'err');
    if (!leave) {
      return notApplicable(
        'unsafe_to_change',
        'the function returns no error (or has named results): handling this one needs a decision (log it, count it, fail the request)',
      );
    }
    const { lines, style } = editor.file;
    const indent = lines.indentOf(node.range().start.line);
    const left = results === 2 ? '_, err' : 'err';
    editor.replace(
      node,
      `if ${left} := ${call.text()}; err != nil {\n${indent}${style.indent}${leave}\n${indent}}`,
    );
  },
});
