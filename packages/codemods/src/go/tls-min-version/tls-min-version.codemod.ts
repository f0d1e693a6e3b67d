import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { importedAs } from '../shared/imports.js';
import { editKeyed, keyedElements, literalsOf } from '../shared/literal.js';

const LOW = /^((\w+\.)?(VersionSSL30|VersionTLS10|VersionTLS11)|0x030[0-2])$/;

interface Data {
  /** The low version to replace, or the literal body lacking MinVersion. */
  value?: SgNode;
  body?: SgNode;
  tls: string;
}

const lowVersions = (file: SourceFile): Site<Data>[] => {
  const tls = importedAs(file.root, 'crypto/tls');
  if (!tls) return [];
  const literals = literalsOf(file.root, tls, 'Config').flatMap((lit): Site<Data>[] => {
    const body = lit.field('body')!;
    const min = keyedElements(body).find((e) => e.key === 'MinVersion');
    if (min) {
      return LOW.test(min.value.text())
        ? [{ node: min.node, data: { value: min.value, tls } }]
        : [];
    }
    return [{ node: lit, data: { body, tls } }];
  });
  const assignments = file.root.findAll({ rule: { kind: 'assignment_statement' } }).flatMap((a) => {
    const left = a.field('left')?.namedChildren() ?? [];
    const right = a.field('right')?.namedChildren() ?? [];
    if (left.length !== 1 || right.length !== 1) return [];
    if (left[0]!.kind() !== 'selector_expression') return [];
    if (left[0]!.field('field')?.text() !== 'MinVersion' || !LOW.test(right[0]!.text())) return [];
    return [{ node: a, data: { value: right[0]!, tls } }];
  });
  return [...literals, ...assignments];
};

/** `remediate:go/tls-min-version`: TLS 1.2 as the lowest version. */
export const goTlsMinVersion = defineCodemod<Data>({
  id: 'remediate:go/tls-min-version',
  languages: ['go'],
  rules: { gosec: ['G402'], semgrep: [SEMGREP_GO.minVersion] },
  cwe: [326, 327],
  owasp: ['A02:2021'],
  title: 'TLS 1.2 as the minimum version',
  description:
    'Replaces a `MinVersion` below TLS 1.2 (`tls.VersionTLS10`, `VersionTLS11`, `VersionSSL30`, ' +
    'their hex values) with `tls.VersionTLS12`, in a `tls.Config` literal or an assignment, and ' +
    'adds `MinVersion: tls.VersionTLS12` to a `tls.Config` literal that sets none (servers built ' +
    'before Go 1.22 accepted TLS 1.0 by default).',
  rationale: {
    problem:
      'TLS 1.0 and 1.1 are deprecated (RFC 8996): their CBC constructions and SHA-1 handshake ' +
      'signatures have practical attacks, and a peer may be downgraded to them.',
    change: 'The lowest version the configuration accepts is TLS 1.2.',
    safety:
      'Every maintained client and server speaks TLS 1.2. Raising an explicit lower minimum ' +
      'refuses peers that only speak TLS 1.0/1.1, which the fix says; adding one where none was ' +
      "set matches the default of Go's clients and of servers since Go 1.22.",
  },
  references: [
    { title: 'crypto/tls Config', url: 'https://pkg.go.dev/crypto/tls#Config' },
    {
      title: 'RFC 8996: Deprecating TLS 1.0 and TLS 1.1',
      url: 'https://www.rfc-editor.org/rfc/rfc8996',
    },
  ],
  detect: lowVersions,
  fix: ({ data }, editor, ctx) => {
    const { value, body, tls } = data!;
    if (value) {
      editor.replace(value, `${tls}.VersionTLS12`);
      ctx.behaviourChange(`peers that only speak ${value.text()} can no longer connect`);
    } else editKeyed(editor, body!, { add: `MinVersion: ${tls}.VersionTLS12` });
  },
});
