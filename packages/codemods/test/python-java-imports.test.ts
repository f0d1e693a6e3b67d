import { describe, expect, it } from 'vitest';
import { ensureJavaImport, ensurePythonFromImport, ensurePythonImport } from '../src/index.js';
import { edited, editedTwice } from './edit-helpers.js';

describe('ensurePythonImport / ensurePythonFromImport', () => {
  it('when a module has only a docstring, then the import goes after it with a blank line, once', () => {
    const [once, twice] = editedTwice('a.py', '"""Doc."""\n\nx = 1\n', (e) => {
      ensurePythonImport(e, 'secrets');
      ensurePythonImport(e, 'secrets');
    });
    expect(once).toBe('"""Doc."""\n\nimport secrets\n\nx = 1\n');
    expect(twice).toBe(once);
  });

  it('when imports exist (after __future__), then the new one goes after the last', () => {
    const src = 'from __future__ import annotations\nimport os\n\nprint(os)\n';
    expect(edited('b.py', src, (e) => ensurePythonImport(e, 'secrets'))).toBe(
      'from __future__ import annotations\nimport os\nimport secrets\n\nprint(os)\n',
    );
  });

  it('when the module is imported under an alias, then the alias is returned and nothing added', () => {
    let local = '';
    const src = 'import hashlib as h\n';
    expect(edited('c.py', src, (e) => void (local = ensurePythonImport(e, 'hashlib')))).toBe(src);
    expect(local).toBe('h');
  });

  it('when a parenthesized from-import spans lines, then the name is appended on its own line', () => {
    const src = 'from yaml import (\n    dump,\n    load,\n)\n';
    const [once, twice] = editedTwice('d.py', src, (e) =>
      ensurePythonFromImport(e, 'yaml', 'safe_load'),
    );
    expect(once).toBe('from yaml import (\n    dump,\n    load,\n    safe_load,\n)\n');
    expect(twice).toBe(once);
  });

  it('when the module is star-imported, then the name is already available', () => {
    const src = 'from yaml import *\n';
    expect(edited('e.py', src, (e) => ensurePythonFromImport(e, 'yaml', 'safe_load'))).toBe(src);
  });
});

describe('ensureJavaImport', () => {
  const secure = 'java.security.SecureRandom';
  let name = '';
  const add = (e: Parameters<typeof ensureJavaImport>[0]) =>
    void (name = ensureJavaImport(e, secure));

  it('when there is a package but no import, then the import goes after the package, once', () => {
    const [once, twice] = editedTwice('A.java', 'package a;\n\nclass A {}\n', add);
    expect(once).toBe('package a;\n\nimport java.security.SecureRandom;\n\nclass A {}\n');
    expect(twice).toBe(once);
    expect(name).toBe('SecureRandom');
  });

  it('when there is neither package nor import, then the import goes at the top', () => {
    expect(edited('B.java', 'class B {}\n', add)).toBe(
      'import java.security.SecureRandom;\n\nclass B {}\n',
    );
  });

  it('when imports are unsorted, then the new one is appended after the last', () => {
    const src = 'import z.Z;\nimport a.A;\n\nclass C {}\n';
    expect(edited('C.java', src, add)).toBe(
      'import z.Z;\nimport a.A;\nimport java.security.SecureRandom;\n\nclass C {}\n',
    );
  });

  it('when java.security.* is imported, then the simple name is used and nothing added', () => {
    const src = 'import java.security.*;\n\nclass D {}\n';
    expect(edited('D.java', src, add)).toBe(src);
    expect(name).toBe('SecureRandom');
  });

  it('when another SecureRandom is imported, then the qualified name is used and nothing added', () => {
    const src = 'import com.acme.SecureRandom;\n\nclass E {}\n';
    expect(edited('E.java', src, add)).toBe(src);
    expect(name).toBe(secure);
  });
});
