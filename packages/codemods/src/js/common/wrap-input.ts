import type { SgNode } from '@ast-grep/napi';
import { calleeName } from './calls.js';
import { fromRequest, unwrap } from './request-input.js';
import { stringParts } from './string-parts.js';

/**
 * The request-derived pieces of a value (the value itself, or the expressions of a template
 * literal or `+` chain) that are not already passed through `helper` (or another function whose
 * name matches `done`).
 */
export const inputPieces = (value: SgNode, helper: string, done: RegExp): SgNode[] =>
  stringParts(value).flatMap((part) => {
    if (part.kind !== 'expr') return [];
    const e = unwrap(part.node);
    if (e.kind() === 'call_expression') {
      const name = calleeName(e) ?? '';
      if (name === helper || done.test(name)) return [];
    }
    return fromRequest(e) ? [part.node] : [];
  });
