import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// A field a method reads but does not assign (`self.table_name`, `this.root`) holds what the
// class puts there: the values its methods assign, judged where they do, or, for a field the base
// class sets from the constructor's arguments (pydantic, dataclasses), what the constructor (or a
// method it always calls) checked. Near misses: the constructor's argument as given, a check an
// earlier `return` skips, a check the constructor does not always run.
describe('fields of the class around the sink', () => {
  const store = (create: string[], init = '        self._create_table()') => [
    'import re',
    'from typing import Any, List',
    '',
    'from llama_index.core.vector_stores.types import BasePydanticVectorStore',
    '',
    '',
    'class SingleStoreVectorStore(BasePydanticVectorStore):',
    '    table_name: str',
    '    content_field: str',
    '',
    '    def __init__(',
    '        self,',
    '        table_name: str = "embeddings",',
    '        content_field: str = "content",',
    '        **kwargs: Any,',
    '    ) -> None:',
    '        super().__init__(',
    '            table_name=table_name,',
    '            content_field=content_field,',
    '            connection_kwargs=kwargs,',
    '        )',
    init,
    '',
    '    def _create_table(self) -> None:',
    ...create,
    '        conn = self.connection_pool.connect()',
    '        cur = conn.cursor()',
    '        cur.execute(f"CREATE TABLE IF NOT EXISTS {self.table_name} ({self.content_field} TEXT)")',
    '',
    '    def add(self, nodes: List[Any]) -> None:',
    '        conn = self.connection_pool.connect()',
    '        cur = conn.cursor()',
    '        for node in nodes:',
    '            cur.execute(',
    '                f"INSERT INTO {self.table_name} VALUES (%s, %s)",',
    '                (node.id, node.text),',
    '            )',
  ];
  const checks = [
    '        VALID_NAME_PATTERN = re.compile(r"^[a-zA-Z0-9_]+$")',
    '        if not VALID_NAME_PATTERN.match(self.table_name):',
    '            raise ValueError(f"Invalid table name: {self.table_name}")',
    '        if not VALID_NAME_PATTERN.match(self.content_field):',
    '            raise ValueError(f"Invalid content_field: {self.content_field}")',
  ];

  it('when the method the constructor calls refuses a name its pattern does not match, then another method reading the field is sanitized', () => {
    const r = flowAt('sql-injection', store(checks), 'INSERT INTO', 'singlestoredb/base.py');
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/VALID_NAME_PATTERN\.match\(self\.table_name\)/);
  });

  it('when nothing checks the field, or an earlier return can skip the check, or the constructor does not always call it, then it stays undecided', () => {
    const variants: [string, string[], string?][] = [
      ['no check', []],
      ['early return', ['        if self.table_exists():', '            return', ...checks]],
      [
        'conditional call',
        checks,
        '        if kwargs.get("create", True):\n            self._create_table()',
      ],
    ];
    for (const [why, create, init] of variants) {
      const r = flowAt('sql-injection', store(create, init), 'INSERT INTO', 'base.py');
      expect(r.outcome, why).toBe('undecided');
      expect(r.reason, why).toMatch(/self\.table_name is a field set outside the function/);
    }
  });

  const js = (ctor: string) => [
    "const path = require('path')",
    "const fs = require('fs')",
    '',
    'class Storage {',
    '\tconstructor(opts) {',
    `\t\t${ctor}`,
    '\t}',
    '',
    '\tread(name) {',
    '\t\tif (!/^[\\w-]+\\.json$/.test(name)) throw new Error("bad name")',
    '\t\treturn fs.readFileSync(path.join(this.root, name))',
    '\t}',
    '}',
    'module.exports = Storage',
  ];

  it('when the constructor assigns the field a constant, then the read under it is decided', () => {
    const r = flowAt(
      'path-traversal',
      js("this.root = path.join(__dirname, 'data')"),
      'readFileSync(',
      'lib/storage.js',
    );
    expect(r.outcome).toBe('no-source');
  });

  it("when the constructor assigns the caller's option, then the field stays undecided", () => {
    const r = flowAt(
      'path-traversal',
      js('this.root = opts.root'),
      'readFileSync(',
      'lib/storage.js',
    );
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/this\.root is a field set outside the function/);
  });

  // A cache the constructor makes empty and a method fills with the caller's values: the empty
  // initializer is not all the field holds (MONAI's StateCacher).
  const cacher = (store: string) => [
    'import torch',
    '',
    '',
    'class StateCacher:',
    '    def __init__(self, cache_dir=None):',
    '        self.cache_dir = cache_dir',
    '        self.cached: dict = {}',
    '',
    '    def store(self, key, data_obj):',
    '        fn = os.path.join(self.cache_dir, f"state_{key}.pt")',
    `        ${store}`,
    '        torch.save(data_obj, fn)',
    '',
    '    def retrieve(self, key):',
    '        fn = self.cached[key]["obj"]',
    '        return torch.load(fn, weights_only=False)',
  ];

  it('when a method fills the field the constructor set empty, by a call or an element write, then the read is not called constant', () => {
    for (const store of [
      'self.cached.update({key: {"obj": fn}})',
      'self.cached[key] = {"obj": fn}',
      'self.cached.setdefault(key, {})["obj"] = fn',
    ]) {
      const r = flowAt('deserialization', cacher(store), 'torch.load(', 'monai/utils/cacher.py');
      expect(r.outcome, store).not.toBe('no-source');
    }
  });

  it('when the other methods only read the field, then the empty initializer still decides it', () => {
    const r = flowAt(
      'deserialization',
      cacher('print(self.cached.get(key), len(self.cached))'),
      'torch.load(',
      'monai/utils/cacher.py',
    );
    expect(r.outcome).toBe('no-source');
  });
});
