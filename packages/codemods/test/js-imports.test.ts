import { describe, expect, it } from 'vitest';
import { ensureJsMember, type FileEditor, type FixContext } from '../src/index.js';
import { edited, editedTwice } from './edit-helpers.js';

const CRYPTO = { module: 'node:crypto', aliases: ['crypto'], namespace: 'crypto' };
let used = '';
const randomInt = (editor: FileEditor, ctx: FixContext) => {
  used = ensureJsMember(editor, ctx, { ...CRYPTO, member: 'randomInt' });
};

describe('ensureJsMember', () => {
  it('when an ES module has no crypto import, then a namespace import goes after the last import, once', () => {
    const src = "import a from 'a';\nimport b from 'b';\n\nexport const x = a + b;\n";
    const [once, twice] = editedTwice('m.mjs', src, (e, c) => {
      randomInt(e, c);
      ensureJsMember(e, c, { ...CRYPTO, member: 'randomBytes' });
    });
    expect(once).toBe(
      "import a from 'a';\nimport b from 'b';\nimport * as crypto from 'node:crypto';\n\nexport const x = a + b;\n",
    );
    expect(twice).toBe(once);
    expect(used).toBe('crypto.randomInt');
  });

  it('when a CommonJS file already requires crypto, then its binding is used and nothing is added', () => {
    const src = "const nodeCrypto = require('crypto');\nmodule.exports = 1;\n";
    expect(edited('c.js', src, randomInt)).toBe(src);
    expect(used).toBe('nodeCrypto.randomInt');
  });

  it('when a file has a default import of crypto, then it is used', () => {
    const src = "import crypto from 'crypto';\nexport default crypto;\n";
    expect(edited('d.ts', src, randomInt)).toBe(src);
    expect(used).toBe('crypto.randomInt');
  });

  it('when a named import list spans lines, then the member goes on its own line', () => {
    const src = "import {\n  createHash,\n  createHmac,\n} from 'node:crypto';\n\nexport {};\n";
    expect(edited('n.ts', src, randomInt)).toBe(
      "import {\n  createHash,\n  createHmac,\n  randomInt,\n} from 'node:crypto';\n\nexport {};\n",
    );
    expect(used).toBe('randomInt');
  });

  it('when a destructured require exists, then the member is appended to it', () => {
    const src = "const { createHash } = require('crypto');\nmodule.exports = createHash;\n";
    expect(edited('r.cjs', src, randomInt)).toBe(
      "const { createHash, randomInt } = require('crypto');\nmodule.exports = createHash;\n",
    );
  });

  it('when the file already uses a crypto identifier (Web Crypto), then the namespace is nodeCrypto', () => {
    const src = "'use strict';\nconst id = crypto.randomUUID();\nmodule.exports = id;\n";
    expect(edited('w.js', src, randomInt)).toBe(
      "'use strict';\nconst nodeCrypto = require('node:crypto');\n\nconst id = crypto.randomUUID();\nmodule.exports = id;\n",
    );
    expect(used).toBe('nodeCrypto.randomInt');
  });

  it('when a plain .js file has no imports, then package.json "type" decides ESM over CommonJS', () => {
    const src = '#!/usr/bin/env node\n// tool\nrun();\n';
    const esm = edited('bin/t.js', src, randomInt, { 'package.json': '{"type":"module"}' });
    expect(esm).toBe(
      "#!/usr/bin/env node\n// tool\nimport * as crypto from 'node:crypto';\n\nrun();\n",
    );
    expect(edited('bin/t.js', src, randomInt)).toContain("const crypto = require('node:crypto');");
  });

  it('when the file uses double quotes and no semicolons, then the import does too', () => {
    const src = 'import x from "x"\n\nexport default x\n';
    expect(edited('q.ts', src, randomInt)).toBe(
      'import x from "x"\nimport * as crypto from "node:crypto"\n\nexport default x\n',
    );
  });
});
