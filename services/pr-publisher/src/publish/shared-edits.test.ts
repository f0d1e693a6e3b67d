import { describe, expect, it } from 'vitest';
import { MARKER_SIZE, dropDeclarationsPresent, resolveInsertionConflicts } from './shared-edits.js';

const BASE = `import os
import re


def load(path):
\tparser = make()
\treturn parser.parse(path)


def other(path):
\tparser = make()
\treturn parser.parse(path)
`;
const HELPER = `def _escape(s):
\tvalue = re.escape(s)

\treturn value
`;

describe('dropDeclarationsPresent', () => {
  it('when the head already has a helper the fix adds (with a blank line inside it), then the fix no longer adds it and keeps its site edit', () => {
    const ours = BASE.replace('import re\n', `import re\n\n\n${HELPER}`);
    const fixed = BASE.replace('def other(path):', `${HELPER}\n\ndef other(path):`).replace(
      '\treturn parser.parse(path)\n',
      '\treturn parser.parse(_escape(path))\n',
    );
    const out = dropDeclarationsPresent(BASE, fixed, ours);
    expect(out).not.toContain('def _escape');
    expect(out).toContain('parser.parse(_escape(path))');
    expect(out.split('\n').length).toBe(BASE.split('\n').length);
  });

  it('when the fix inserts an indented line the head has elsewhere, then it is kept (a site edit belongs to its scope)', () => {
    const line = '\tparser.set_feature(FEATURE, False)\n';
    const ours = BASE.replace('\tparser = make()\n', `\tparser = make()\n${line}`);
    const site = 'def other(path):\n\tparser = make()\n';
    const fixed = BASE.replace(site, () => `${site}${line}`);
    expect(fixed).not.toBe(BASE);
    expect(dropDeclarationsPresent(BASE, fixed, ours)).toBe(fixed);
  });

  it('when the head has an import only inside a function, then the fix keeps its module-level import', () => {
    const ours = BASE.replace('\tparser = make()\n', '\timport secrets\n\tparser = make()\n');
    const fixed = BASE.replace('import re\n', 'import re\nimport secrets\n');
    expect(dropDeclarationsPresent(BASE, fixed, ours)).toBe(fixed);
  });
});

describe('resolveInsertionConflicts', () => {
  const m = (c: string, label: string) => `${c.repeat(MARKER_SIZE)}${label}`;
  it('when both sides only inserted lines at one place, then the head lines come first, then the fix lines', () => {
    const merged = [
      'a',
      m('<', ' head'),
      'import x',
      m('|', ' scanned'),
      m('=', ''),
      'import y',
      m('>', ' fix'),
      'b',
    ].join('\n');
    expect(resolveInsertionConflicts(merged)).toBe('a\nimport x\nimport y\nb');
  });

  it('when both sides changed the same line, then there is no resolution', () => {
    const merged = [
      'a',
      m('<', ' head'),
      'x = safe(1)',
      m('|', ' scanned'),
      'x = unsafe(1)',
      m('=', ''),
      'x = other(1)',
      m('>', ' fix'),
    ].join('\n');
    expect(resolveInsertionConflicts(merged)).toBeNull();
  });
});
