import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import {
  argsOf,
  callsIn,
  kindOf,
  methodName,
  namedKids,
  receiver,
  stringValue,
} from '../shared/ast.js';
import { declarationOf } from '../shared/scope.js';

/** A weak protocol name as JSSE spells it (case-insensitive lookup). */
export const WEAK_PROTOCOL = /^(SSL|SSLv2|SSLv2Hello|SSLv3|TLS|TLSv1|TLSv1\.1)$/i;
/** Names that cap the context at a weak version (not the generic "SSL"/"TLS" aliases). */
export const CAPPED_PROTOCOL = /^(SSLv2|SSLv3|TLSv1|TLSv1\.1)$/i;

export type TlsData =
  | { kind: 'context'; literal: SgNode; protocol: string }
  | { kind: 'protocols'; initializer: SgNode; items: SgNode[] };

const contextSites = (file: SourceFile): Site<TlsData>[] =>
  callsIn(file.root)
    .filter(
      (call) =>
        methodName(call) === 'getInstance' &&
        /^(javax\.net\.ssl\.)?SSLContext$/.test(receiver(call)?.text() ?? ''),
    )
    .flatMap((call) => {
      const literal = argsOf(call)[0];
      const protocol = stringValue(literal);
      if (!literal || protocol === null || !WEAK_PROTOCOL.test(protocol)) return [];
      return [
        { node: call, anchors: [literal], data: { kind: 'context' as const, literal, protocol } },
      ];
    });

/** The `{...}` initializer an argument denotes: inline `new String[] {...}` or a local array. */
const initializerOf = (arg: SgNode): { initializer: SgNode; declared: boolean } | null => {
  if (kindOf(arg) === 'array_creation_expression') {
    const init = arg.children().find((c) => kindOf(c) === 'array_initializer');
    return init ? { initializer: init, declared: false } : null;
  }
  if (kindOf(arg) !== 'identifier') return null;
  const declaration = declarationOf(arg.text(), arg);
  const value = declaration?.value;
  if (!value) return null;
  if (kindOf(value) === 'array_initializer') return { initializer: value, declared: true };
  const nested = kindOf(value) === 'array_creation_expression' ? initializerOf(value) : null;
  return nested ? { initializer: nested.initializer, declared: true } : null;
};

const protocolSites = (file: SourceFile): Site<TlsData>[] =>
  callsIn(file.root)
    .filter(
      (call) => /^set(Enabled)?Protocols$/.test(methodName(call)) && argsOf(call).length === 1,
    )
    .flatMap((call) => {
      const found = initializerOf(argsOf(call)[0]!);
      if (!found) return [];
      const items = namedKids(found.initializer);
      const values = items.map((i) => stringValue(i));
      if (values.some((v) => v === null) || !values.some((v) => WEAK_PROTOCOL.test(v!))) return [];
      const scope = found.declared ? commonScope(call, found.initializer) : undefined;
      return [
        {
          node: call,
          anchors: [found.initializer],
          ...(scope ? { scope } : {}),
          data: { kind: 'protocols' as const, initializer: found.initializer, items },
        },
      ];
    });

/** The smallest block holding both nodes (a declared array is edited away from the call). */
const commonScope = (a: SgNode, b: SgNode): SgNode | undefined => {
  const start = Math.min(a.range().start.index, b.range().start.index);
  const end = Math.max(a.range().end.index, b.range().end.index);
  for (let n: SgNode | null = a.parent(); n; n = n.parent()) {
    if (n.range().start.index <= start && n.range().end.index >= end) return n;
  }
  return undefined;
};

/** `SSLContext.getInstance("SSL" | "TLSv1" ...)` and `setEnabledProtocols` with old versions. */
export const weakTlsSites = (file: SourceFile): Site<TlsData>[] => [
  ...contextSites(file),
  ...protocolSites(file),
];
