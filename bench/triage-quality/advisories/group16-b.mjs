// Held-out group 16, part B: pairs added 2026-12-08 after group 15 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage has not been run on them: not yet measured.
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_16B = [
  {
    ecosystem: 'pypi',
    name: 'langgraph-checkpoint-sqlite',
    vulnerable: '2.0.10',
    fixed: '2.0.11',
    advisory: 'CVE-2025-8709 (GHSA-4h97-wpxp-3757; the GHSA itself not opened here)',
    class: 'sql-injection',
    heldOut: true,
    group: 16,
    fn: 'SqliteStore._prepare_batch_search_queries (langgraph/store/sqlite/base.py; the keys also reach it through _get_filter_condition)',
    fix: "SqliteStore.search (batch SearchOp) built its SQL from op.filter: each filter key went into the text as json_extract(value, '$.<key>') by concatenation or f-string (in _prepare_batch_search_queries for plain values and in _get_filter_condition for $eq/$ne/$gt/... operators; only the values were escaped), and the conditions were joined into base_query (both the vector and the plain branch) and wrapped in final_sql, which batch() then executes; a key such as \"x') = 1 OR 1=1 --\" rewrote the WHERE clause. 2.0.11 adds _validate_filter_key (the key must match ^[a-zA-Z0-9_.-]+$, else ValueError) at the top of the filter loop and at the top of both _get_filter_condition copies; the concatenations and the base_query / final_sql f-strings stay. The rest of the release is typing churn (Optional to | None); SqliteSaver.list is not part of this advisory and is not labelled",
    real: [
      'langgraph/store/sqlite/base.py|base_query = f"""',
      'langgraph/store/sqlite/base.py|final_sql = f"""',
    ],
    guarded: [
      'langgraph/store/sqlite/base.py|base_query = f"""',
      'langgraph/store/sqlite/base.py|final_sql = f"""',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'langgraph-checkpoint-sqlite',
    vulnerable: '3.0.0',
    fixed: '3.0.1',
    advisory: 'CVE-2025-67644 (GHSA-9rwj-6rc7-p77c)',
    class: 'sql-injection',
    heldOut: true,
    group: 16,
    fn: 'SqliteSaver.list (langgraph/checkpoint/sqlite/__init__.py), AsyncSqliteSaver.alist (aio.py); the key reaches them through search_where / _metadata_predicate (utils.py)',
    fix: 'SqliteSaver.list / AsyncSqliteSaver.alist build the WHERE clause with search_where, whose _metadata_predicate interpolated each metadata filter key into f"json_extract(CAST(metadata AS TEXT), \'$.{query_key}\') {operator}" (values were bound), put it into query = f"""SELECT ... FROM checkpoints {where} ...""" and executed it; a key like "x\') OR \'1\'=\'1" returned every checkpoint (and, per the advisory, allows arbitrary SQL). 3.0.1 validates every key in _metadata_predicate (_validate_filter_key, ^[a-zA-Z0-9_.-]+$, else ValueError) and also binds the LIMIT (" LIMIT ?" instead of f" LIMIT {limit}"); the SELECT f-string with {where} and the execute calls in list and alist stay. The SqliteStore filter changes in the same release (values bound instead of escaped) are not this advisory and are not labelled',
    real: [
      'langgraph/checkpoint/sqlite/__init__.py|query = f"""SELECT thread_id, checkpoint_ns, checkpoint_id',
      'langgraph/checkpoint/sqlite/__init__.py|=cur.execute(query, param_values)',
      'langgraph/checkpoint/sqlite/aio.py|query = f"""SELECT thread_id, checkpoint_ns, checkpoint_id',
      'langgraph/checkpoint/sqlite/aio.py|=self.conn.execute(query, params) as cur,',
    ],
    guarded: [
      'langgraph/checkpoint/sqlite/__init__.py|query = f"""SELECT thread_id, checkpoint_ns, checkpoint_id',
      'langgraph/checkpoint/sqlite/__init__.py|=cur.execute(query, param_values)',
      'langgraph/checkpoint/sqlite/aio.py|query = f"""SELECT thread_id, checkpoint_ns, checkpoint_id',
      'langgraph/checkpoint/sqlite/aio.py|=self.conn.execute(query, params) as cur,',
    ],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_16B = [
  [
    'PyPI doris-mcp-server 0.6.0..0.6.1 (CVE-2025-66335, SQL injection through db_name; validators added before the f-string queries)',
    'not fetched: both releases require Python 3.12 and are published as wheels only, so the pinned fetch (sdist, else a wheel for Python 3.11 or 2.7) finds no distribution',
  ],
  [
    'PyPI mlrun 1.3.2..1.3.3 (SQL injection fixes in the SQL datastore source and target, backport of the fix for the 1.4 line; id not verified here)',
    'not fetched: the 1.3.x releases have no distribution the pinned fetch accepts for Python 3.11',
  ],
  [
    'PyPI llama-index-vector-stores-postgres (schema_name allow-list, looked for as part of CVE-2025-1793)',
    'looked at with pip download (0.3.2 to 0.6.0): the schema_name regex check is already in every release looked at, so no pair of releases holds that fix; the package family already has eight CVE-2025-1793 pairs',
  ],
  [
    'PyPI llama-index-vector-stores-myscale (CVE-2025-1793 family)',
    'looked at with pip index: no release after 0.3.0, so no fixed version to pair',
  ],
];
