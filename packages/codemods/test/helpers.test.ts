import { describe, expect, it } from 'vitest';
import { ensureHelper, ensureJavaHelper } from '../src/index.js';
import { edited, editedTwice } from './edit-helpers.js';

const jsHelper = { name: 'secureRandom', code: 'function secureRandom() {\n\treturn 1;\n}' };

describe('ensureHelper', () => {
  it('when a JS file has imports, then the helper goes after them once, indented like the file', () => {
    const src = "import a from 'a';\n\nexport default a;\n";
    const [once, twice] = editedTwice('a.ts', src, (e) => {
      ensureHelper(e, jsHelper);
      ensureHelper(e, jsHelper);
    });
    expect(once).toBe(
      "import a from 'a';\n\nfunction secureRandom() {\n  return 1;\n}\n\nexport default a;\n",
    );
    expect(twice).toBe(once);
  });

  it('when the file indents with tabs, then the helper does too', () => {
    const src = 'function f() {\n\treturn 2;\n}\n';
    expect(edited('b.js', src, (e) => ensureHelper(e, jsHelper))).toBe(
      'function secureRandom() {\n\treturn 1;\n}\n\nfunction f() {\n\treturn 2;\n}\n',
    );
  });

  it('when the name is taken by something that is not the helper, then it refuses', () => {
    let name: string | null = '';
    const src = 'const secureRandom = 3;\n';
    expect(edited('c.js', src, (e) => void (name = ensureHelper(e, jsHelper)))).toBe(src);
    expect(name).toBeNull();
  });

  it('when a Python module has imports, then the helper follows two blank lines', () => {
    const src = 'import os\n\nprint(os)\n';
    const helper = { name: 'token', code: 'def token():\n\treturn os.urandom(16)' };
    const [once, twice] = editedTwice('d.py', src, (e) => ensureHelper(e, helper));
    expect(once).toBe('import os\n\n\ndef token():\n    return os.urandom(16)\n\nprint(os)\n');
    expect(twice).toBe(once);
  });

  it('when a Java class gets a helper, then it goes before the closing brace, one level in, once', () => {
    const src = 'class A {\n    int x;\n}\n';
    const helper = {
      name: 'clean',
      code: 'private static String clean(String s) {\n\treturn s;\n}',
    };
    const add = (e: Parameters<typeof ensureJavaHelper>[0]) =>
      ensureJavaHelper(e, e.root.find({ rule: { kind: 'class_body' } })!, helper);
    const [once, twice] = editedTwice('A.java', src, add);
    expect(once).toBe(
      'class A {\n    int x;\n\n    private static String clean(String s) {\n        return s;\n    }\n}\n',
    );
    expect(twice).toBe(once);
  });
});
