import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { statementOf } from '../shared/func.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { importedAs } from '../shared/imports.js';
import { editKeyed, keyedElements, literalsOf } from '../shared/literal.js';

interface Data {
  kind: 'element' | 'assignment';
  /** The literal body holding the element. */
  body?: SgNode;
  value: SgNode;
}

const skipVerify = (file: SourceFile): Site<Data>[] => {
  const tls = importedAs(file.root, 'crypto/tls');
  if (!tls) return [];
  const elements = literalsOf(file.root, tls, 'Config').flatMap((lit) => {
    const body = lit.field('body')!;
    return keyedElements(body)
      .filter((e) => e.key === 'InsecureSkipVerify' && e.value.text() !== 'false')
      .map((e) => ({ node: e.node, data: { kind: 'element' as const, body, value: e.value } }));
  });
  const assignments = file.root.findAll({ rule: { kind: 'assignment_statement' } }).flatMap((a) => {
    const left = a.field('left')?.namedChildren() ?? [];
    const right = a.field('right')?.namedChildren() ?? [];
    if (left.length !== 1 || right.length !== 1) return [];
    const target = left[0]!;
    if (
      target.kind() !== 'selector_expression' ||
      target.field('field')?.text() !== 'InsecureSkipVerify'
    )
      return [];
    if (right[0]!.text() === 'false') return [];
    return [{ node: a, data: { kind: 'assignment' as const, value: right[0]! } }];
  });
  return [...elements, ...assignments];
};

/** `remediate:go/tls-skip-verify`: `InsecureSkipVerify: true` removed. */
export const goTlsSkipVerify = defineCodemod<Data>({
  id: 'remediate:go/tls-skip-verify',
  languages: ['go'],
  rules: { gosec: ['G402'], semgrep: [SEMGREP_GO.skipVerify] },
  cwe: [295],
  owasp: ['A07:2021', 'A02:2021'],
  title: 'TLS certificates verified',
  description:
    'Removes `InsecureSkipVerify: true` from a `tls.Config` literal (realigning the other ' +
    'fields as gofmt does) or the statement `cfg.InsecureSkipVerify = true`. A value computed ' +
    'at run time (a flag, a setting) is left with the reason: the operator chose it.',
  rationale: {
    problem:
      'With `InsecureSkipVerify` the client accepts any certificate for any host: anyone on the ' +
      'network path can impersonate the server and read or change the traffic.',
    change:
      "The field is gone, so Go verifies the server's certificate chain and host name against " +
      'the system roots (or `RootCAs` when the configuration sets them).',
    safety:
      'Servers with a valid certificate behave as before. A server with a self-signed or ' +
      "private-CA certificate now fails the handshake: add its CA to `RootCAs`. That's the " +
      'behaviour change the reviewer is told about.',
  },
  references: [
    { title: 'crypto/tls Config', url: 'https://pkg.go.dev/crypto/tls#Config' },
    {
      title: 'CWE-295: Improper Certificate Validation',
      url: 'https://cwe.mitre.org/data/definitions/295.html',
    },
  ],
  detect: skipVerify,
  fix: ({ node, data }, editor, ctx) => {
    const { kind, body, value } = data!;
    if (value.text() !== 'true') {
      return notApplicable(
        'unsafe_to_change',
        `InsecureSkipVerify is set from ${value.text()}, a run-time choice the operator makes; remove the option or give it a CA bundle by hand`,
      );
    }
    if (kind === 'element') editKeyed(editor, body!, { remove: node });
    else {
      const statement = statementOf(node) ?? node;
      const { lines } = editor.file;
      const line = statement.range().start.line;
      editor.replace({ start: lines.lineStart(line), end: lines.lineStart(line + 1) }, '');
    }
    ctx.behaviourChange(
      'servers whose certificate does not verify against the system roots (self-signed, private CA) now fail the TLS handshake',
    );
  },
});
