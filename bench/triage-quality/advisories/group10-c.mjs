// Held-out group 10, part C (issue 26): pairs added 2026-12-07 after group 9 was opened,
// labelled from the advisories and the diffs of the two published versions only; no triage rule
// was written against them and triage was not run on them before the group's one measurement,
// at `6e90770` (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
// CVE-2025-1793 (SQL injection in several llama-index vector store integrations, fixed in the
// releases of April 2025): each integration is its own PyPI package with its own fix.
export const PAIRS_10C = [
  {
    ecosystem: 'pypi',
    name: 'llama-index-vector-stores-lantern',
    vulnerable: '0.3.0',
    fixed: '0.3.1',
    advisory: 'CVE-2025-1793',
    class: 'sql-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'LanternVectorStore.delete',
    fix: 'the ref_doc_id that 0.3.0 put between quotes in the DELETE text is a bind parameter (:ref_doc_id with bindparams); the text still names the configured schema and table with an f-string and session.execute runs it',
    real: [
      'llama_index/vector_stores/lantern/base.py|f"DELETE FROM {self.schema_name}.data_{self.table_name} where "',
      'llama_index/vector_stores/lantern/base.py|=session.execute(stmt)',
    ],
    guarded: [
      'llama_index/vector_stores/lantern/base.py|f"DELETE FROM {self.schema_name}.data_{self.table_name} "',
      'llama_index/vector_stores/lantern/base.py|=session.execute(stmt)',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'llama-index-vector-stores-clickhouse',
    vulnerable: '0.4.0',
    fixed: '0.4.1',
    advisory: 'CVE-2025-1793',
    class: 'sql-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'ClickHouseVectorStore._build_text_search_statement, _build_hybrid_search_statement, delete (and the metadata filters and doc id list of query)',
    fix: 'each token of the query string is regex-escaped and then SQL-escaped (escape_str puts a backslash before each backslash and quote) before it goes into the SELECT text; delete passes ref_doc_id as a query parameter (%(ref_doc_id)s); the filter keys and values and the doc ids are escaped the same way; the f-string SELECT and DELETE texts stay',
    real: [
      "llama_index/vector_stores/clickhouse/base.py|f\"SELECT {','.join(filter(lambda k: k != 'vector', column_keys))}, \"#1",
      "llama_index/vector_stores/clickhouse/base.py|f\"SELECT {','.join(filter(lambda k: k != 'vector', column_keys))}, \"#2",
      "llama_index/vector_stores/clickhouse/base.py|WHERE doc_id='{ref_doc_id}'\"",
    ],
    guarded: [
      'llama_index/vector_stores/clickhouse/base.py|f"SELECT {column_list}, score "#1',
      'llama_index/vector_stores/clickhouse/base.py|f"SELECT {column_list}, score "#2',
      'llama_index/vector_stores/clickhouse/base.py|WHERE doc_id = %(ref_doc_id)s"',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'llama-index-vector-stores-singlestoredb',
    vulnerable: '0.3.0',
    fixed: '0.3.1',
    advisory: 'CVE-2025-1793',
    class: 'sql-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'SingleStoreVectorStore.add, delete, query (table and field names, the LIMIT)',
    fix: 'the table name and the content, vector and metadata field names are refused unless they match ^[a-zA-Z0-9_]+$ (checked in _create_table, which the constructor calls), and query refuses a similarity_top_k that is not a positive int before it goes into the LIMIT; the INSERT, DELETE and SELECT texts that format those names stay, the values are parameters as before',
    real: [
      'llama_index/vector_stores/singlestoredb/base.py|"INSERT INTO {} VALUES (%s, JSON_ARRAY_PACK(%s), %s)".format(',
      'llama_index/vector_stores/singlestoredb/base.py|f"DELETE FROM {self.table_name} WHERE JSON_EXTRACT_JSON(metadata, \'ref_doc_id\') = %s",',
      'llama_index/vector_stores/singlestoredb/base.py|f"SELECT {self.content_field}, {self.metadata_field}, "',
    ],
    guarded: [
      'llama_index/vector_stores/singlestoredb/base.py|f"INSERT INTO {self.table_name} VALUES (%s, JSON_ARRAY_PACK(%s), %s)"',
      'llama_index/vector_stores/singlestoredb/base.py|delete_query = f"DELETE FROM {self.table_name}',
      'llama_index/vector_stores/singlestoredb/base.py|f"SELECT {self.content_field}, {self.metadata_field}, "',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'llama-index-vector-stores-nile',
    vulnerable: '0.2.1',
    fixed: '0.2.2',
    advisory: 'CVE-2025-1793',
    class: 'sql-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'NileVectorStore._create_where_clause and _execute_query',
    fix: "the filters' condition, which 0.2.1 put into the query as sql.SQL(filters.condition), is only AND or OR, and the filter keys and values (a text-match value went into an f-string) are passed as query parameters; the cursor.execute of the composed query stays",
    real: [
      'llama_index/vector_stores/nile/base.py|cursor.execute(query, {"query_embedding": query_embedding.query_embedding})',
    ],
    guarded: ['llama_index/vector_stores/nile/base.py|cursor.execute(query, query_params)'],
  },
  {
    ecosystem: 'pypi',
    name: 'llama-index-vector-stores-oracledb',
    vulnerable: '0.2.0',
    fixed: '0.2.1',
    advisory: 'CVE-2025-1793',
    class: 'sql-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'OraLlamaVS.query and _append_meta_filter_condition',
    fix: 'a metadata filter key is refused unless it matches ^[a-zA-Z0-9_]+$ and the filter values and doc ids are bind variables (:valueN, :doc_idN); 0.2.0 put them between quotes in the WHERE text; the cursor.execute of the built query stays',
    real: [
      'llama_index/vector_stores/oracledb/base.py|cursor.execute(query_sql, embedding=embedding)',
    ],
    guarded: ['llama_index/vector_stores/oracledb/base.py|cursor.execute(query_sql, **params)'],
  },
  {
    ecosystem: 'pypi',
    name: 'llama-index-vector-stores-couchbase',
    vulnerable: '0.3.0',
    fixed: '0.3.1',
    advisory: 'CVE-2025-1793',
    class: 'sql-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'CouchbaseVectorStore.delete',
    fix: 'the ref_doc_id that 0.3.0 put between quotes in the N1QL DELETE text is a named query parameter ($ref_doc_id); the f-string DELETE text with the configured collection name and metadata key stays',
    real: [
      'llama_index/vector_stores/couchbase/base.py|f"DELETE FROM `{self._collection_name}` WHERE {document_field} = \'{ref_doc_id}\'"',
    ],
    guarded: [
      'llama_index/vector_stores/couchbase/base.py|query = f"DELETE FROM `{self._collection_name}` WHERE {document_field} = $ref_doc_id"',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'llama-index-vector-stores-jaguar',
    vulnerable: '0.3.0',
    fixed: '0.3.1',
    advisory: 'CVE-2025-1793',
    class: 'sql-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'JaguarVectorStore.delete',
    fix: 'ref_doc_id (and the pod, store and other names) go through the new _sanitize_input, which puts a backslash before each quote and removes ", ;, -- and comment marks; a backslash in the input is left as it is, so a value ending in a backslash still closes the quoted string: the fixed delete is not labelled',
    real: [
      `llama_index/vector_stores/jaguar/base.py|q = "delete from " + podstore + " where zid='" + ref_doc_id + "'"`,
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'llama-index-vector-stores-deeplake',
    vulnerable: '0.3.2',
    fixed: '0.3.3',
    advisory: 'CVE-2025-1793',
    class: 'sql-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'DeepLakeVectorStore (the dataset wrapper) delete by ids, __generate_where_clause',
    fix: "each id is put between quotes with its quotes doubled (__sanitize_value) and filter keys are reduced to letters, digits and _; whether quote doubling is enough depends on the string syntax of Deep Lake's TQL, not checked here, so the fixed query is not labelled (the printed copy of the query, also reported, is not a sink)",
    real: [
      'llama_index/vector_stores/deeplake/base.py|f"SELECT * from (select *,ROW_NUMBER() as r_id) where id IN ({str(ids)[1:-1]})"#2',
    ],
  },
];

/** Pairs of this part fetched and diffed but not in the set, and why (as LEFT_OUT in pairs.mjs). */
export const LEFT_OUT_10C = [
  [
    'PyPI llama-index-vector-stores-tidbvector 0.3.0..0.4.0 (CVE-2025-1793, looked at with pip download)',
    'the release changes only blank lines; no query text or filter of the store changed',
  ],
];
