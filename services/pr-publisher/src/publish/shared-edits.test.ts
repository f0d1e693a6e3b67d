import { describe, expect, it } from 'vitest';
import {
  MARKER_SIZE,
  dropDeclarationsPresent,
  mergeTokens,
  resolveInsertionConflicts,
} from './shared-edits.js';

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

const JS = `'use strict';
const express = require('express');

function byTitle(items, q) {
  return items.filter((i) => new RegExp(q).test(i.title));
}

function byTag(items, tag) {
  return items.filter((i) => new RegExp(tag, 'i').test(i.tags));
}
`;
const JS_HELPER = `/** The text with every character a regular expression gives a meaning to escaped. */
function escapeRegExp(value) {
  return String(value).replace(/[.*+?^\${}()|[\\]\\\\]/g, '\\\\$&');
}
`;

const JAVA = `package com.acme;

public class Attachments {
    void read(String name) {
        LOGGER.info("read " + name);
    }

    void write(String name) {
        LOGGER.info("write " + name);
    }
}
`;
const JAVA_HELPER = `
    /** The value as text with its line breaks escaped, so one log call writes one line. */
    private static String escapeLineBreaks(Object value) {
        return String.valueOf(value).replace("\\r", "\\\\r").replace("\\n", "\\\\n");
    }
`;

describe('dropDeclarationsPresent, helpers with their comments', () => {
  it('when the head has a JavaScript helper with its doc comment, then the fix drops both and keeps its site edit', () => {
    const withHelper = (text: string) =>
      text.replace("require('express');\n", () => `require('express');\n\n${JS_HELPER}`);
    const ours = withHelper(JS).replace('new RegExp(q)', 'new RegExp(escapeRegExp(q))');
    const fixed = withHelper(JS).replace(
      "new RegExp(tag, 'i')",
      "new RegExp(escapeRegExp(tag), 'i')",
    );
    const out = dropDeclarationsPresent(JS, fixed, ours);
    expect(out).not.toContain('function escapeRegExp');
    expect(out).not.toContain('/** The text with every character');
    expect(out).toBe(JS.replace("new RegExp(tag, 'i')", "new RegExp(escapeRegExp(tag), 'i')"));
  });

  it('when the head has the helper under another comment, then the fix drops the declaration and keeps only its comment', () => {
    const ours = JS.replace(
      "require('express');\n",
      () => `require('express');\n\n${JS_HELPER.replace('/** The text', '// The text')}`,
    );
    const fixed = JS.replace("require('express');\n", () => `require('express');\n\n${JS_HELPER}`);
    const out = dropDeclarationsPresent(JS, fixed, ours);
    expect(out).not.toContain('function escapeRegExp');
    expect(out).toContain('/** The text');
  });

  it('when the head has a Java helper method the fix adds to the same class, then the fix no longer adds it', () => {
    const close = '    }\n}\n';
    const withHelper = (text: string) =>
      text.slice(0, text.lastIndexOf(close)) + `    }\n${JAVA_HELPER}}\n`;
    const ours = withHelper(JAVA).replace('"read " + name', 'escapeLineBreaks("read " + name)');
    const fixed = withHelper(JAVA).replace('"write " + name', 'escapeLineBreaks("write " + name)');
    const out = dropDeclarationsPresent(JAVA, fixed, ours);
    expect(out).toBe(JAVA.replace('"write " + name', 'escapeLineBreaks("write " + name)'));
  });

  it('when the head has the Java helper with another body, then the fix keeps its own (the merge judges it)', () => {
    const close = '    }\n}\n';
    const ours = `${JAVA.slice(0, JAVA.lastIndexOf(close))}    }\n${JAVA_HELPER.replace('String.valueOf(value)', 'value.toString()')}}\n`;
    const fixed = `${JAVA.slice(0, JAVA.lastIndexOf(close))}    }\n${JAVA_HELPER}}\n`;
    expect(dropDeclarationsPresent(JAVA, fixed, ours)).toBe(fixed);
  });
});

describe('mergeTokens', () => {
  const base = '    response = requests.get(RATES_URL, params={"base": base}, verify=False)';
  it('when one fix turns verification on and another adds a timeout after it, then both changes are made', () => {
    const ours = base.replace('verify=False)', 'verify=False, timeout=10)');
    const theirs = base.replace('verify=False', 'verify=True');
    expect(mergeTokens(base, ours, theirs)).toBe(
      base.replace('verify=False)', 'verify=True, timeout=10)'),
    );
    expect(mergeTokens(base, theirs, ours)).toBe(
      base.replace('verify=False)', 'verify=True, timeout=10)'),
    );
  });

  it('when one fix removes an argument and another wraps a different one, then both changes are made', () => {
    const line = 'cursor.execute(query, verify=False)';
    const ours = 'cursor.execute(escape(query), verify=False)';
    const theirs = 'cursor.execute(query)';
    expect(mergeTokens(line, ours, theirs)).toBe('cursor.execute(escape(query))');
  });

  it('when both fixes change the same word differently, then there is no merge', () => {
    expect(
      mergeTokens(base, base.replace('False', 'True'), base.replace('False', 'CA_BUNDLE')),
    ).toBeNull();
  });

  it('when both fixes insert different text at the same place, then there is no merge', () => {
    const ours = base.replace('verify=False)', 'verify=False, timeout=10)');
    const theirs = base.replace('verify=False)', 'verify=False, stream=True)');
    expect(mergeTokens(base, ours, theirs)).toBeNull();
  });

  it('when the head made the same replacement as the fix and added a name after it, then the fix adds nothing more', () => {
    const line = "import { exec, execSync } from 'node:child_process';";
    const ours = "import { exec, execFileSync, execFile } from 'node:child_process';";
    const theirs = "import { exec, execFileSync } from 'node:child_process';";
    expect(mergeTokens(line, ours, theirs)).toBe(ours);
    expect(mergeTokens(line, theirs, ours)).toBe(ours);
  });

  it('when the head has the timeout of a fix and the verification argument another fix removed, then the same timeout fix adds nothing', () => {
    const timeout = base.replace('verify=False)', 'verify=False, timeout=10)');
    const both = base.replace(', verify=False)', ', timeout=10)');
    expect(mergeTokens(base, both, timeout)).toBe(both);
    expect(mergeTokens(base, both, base.replace(', verify=False)', ')'))).toBe(both);
  });

  it('when two fixes wrap different arguments of one call in the same helper, then the merge is refused rather than guessed', () => {
    const line = 'f(a, b)';
    const merged = mergeTokens(line, 'f(esc(a), b)', 'f(a, esc(b))');
    expect(merged === null || merged === 'f(esc(a), esc(b))').toBe(true);
  });

  it('when both fixes made the same change, then it is made once', () => {
    const same = base.replace('False', 'True');
    expect(mergeTokens(base, same, same)).toBe(same);
  });
});

describe('Go imports and helpers added by several fixes', () => {
  const GO_BASE = [
    'package files',
    '',
    'import (',
    '\t"compress/gzip"',
    '\t"io"',
    ')',
    '',
    'func read(r io.Reader) ([]byte, error) {',
    '\tgz, _ := gzip.NewReader(r)',
    '\treturn io.ReadAll(gz)',
    '}',
    '',
  ].join('\n');
  const HELPER = '\n// copyLimited copies at most n bytes.\nfunc copyLimited() {\n\treturn\n}\n';

  it('when the head already has the import spec and the helper a Go fix adds, then they are not added twice', () => {
    const fixed = `${GO_BASE.replace('\t"io"', '\t"errors"\n\t"io"')}${HELPER}`;
    const ours = `${GO_BASE.replace('\t"io"', '\t"errors"\n\t"fmt"\n\t"io"')}${HELPER}`;
    expect(dropDeclarationsPresent(GO_BASE, fixed, ours)).toBe(GO_BASE);
  });

  it('when a string element of a composite literal is inserted, then it is never taken for an import', () => {
    const base = 'var names = []string{\n\t"a",\n}\n';
    const fixed = 'var names = []string{\n\t"a",\n\t"b",\n}\n';
    expect(dropDeclarationsPresent(base, fixed, fixed)).toBe(fixed);
  });

  it('when two fixes insert Go import specs at one place, then the group stays sorted', () => {
    const m = (c: string, label: string) => `${c.repeat(MARKER_SIZE)}${label}`;
    const merged = [
      '\t"compress/gzip"',
      m('<', ' head'),
      '\t"fmt"',
      m('|', ' scanned'),
      m('=', ''),
      '\t"errors"',
      m('>', ' fix'),
      '\t"io"',
    ].join('\n');
    expect(resolveInsertionConflicts(merged)).toBe(
      '\t"compress/gzip"\n\t"errors"\n\t"fmt"\n\t"io"',
    );
  });
});

describe('resolveInsertionConflicts', () => {
  const m = (c: string, label: string) => `${c.repeat(MARKER_SIZE)}${label}`;
  it('when the head already has the lines the fix inserts there, then they are there once', () => {
    const merged = [
      'a',
      m('<', ' head'),
      'import x',
      'import y',
      m('|', ' scanned'),
      m('=', ''),
      'import y',
      m('>', ' fix'),
      'b',
    ].join('\n');
    expect(resolveInsertionConflicts(merged)).toBe('a\nimport x\nimport y\nb');
  });

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

  it('when both sides changed the same word of a line, then there is no resolution', () => {
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

  it('when both sides changed different words of a line, then both changes are kept', () => {
    const merged = [
      'a',
      m('<', ' head'),
      'r = get(url, verify=False, timeout=10)',
      m('|', ' scanned'),
      'r = get(url, verify=False)',
      m('=', ''),
      'r = get(url, verify=True)',
      m('>', ' fix'),
      'b',
    ].join('\n');
    expect(resolveInsertionConflicts(merged)).toBe('a\nr = get(url, verify=True, timeout=10)\nb');
  });
});
