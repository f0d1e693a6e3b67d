// Held-out group 15, part B: pairs added 2026-12-07 after group 14 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage was not run on them before the group's one measurement, at `732899d`
// (README, "Triage quality"); opened for development on 2026-12-08 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_15B = [
  {
    ecosystem: 'pypi',
    name: 'asyncua',
    vulnerable: '1.0.1',
    fixed: '1.0.2',
    advisory:
      'SQL injection in the SQLite history (FreeOpcUa/opcua-asyncio issue 276, labelled security issue; fixed by pull request 1186, first released in 1.0.2; no CVE or GHSA id verified here)',
    class: 'sql-injection',
    opened: '2026-12-08',
    group: 15,
    fn: 'HistorySQLite.new_historized_node, execute_sql_delete, save_node_value, read_node_history, new_historized_event, save_event, read_event_history (asyncua/server/history_sql.py)',
    fix: 'the history table of a node is named from its node id (namespace index and identifier, which a client can choose for the nodes it adds) and put between double quotes into f-string CREATE TABLE, INSERT, DELETE and SELECT statements run with aiosqlite, so an identifier holding a quote ran other SQL on the history database; 1.0.2 calls the new validate_table_name (common/sql_injection.py: raises SqlInjectionError when the name holds a space, a quote, a semicolon, a comma, or a parenthesis or bracket) before each of these statements, which stay; the event statements also interpolate columns built from event fields, which the check does not cover, so only the statements where the table is the one interpolated value are guarded lines',
    real: [
      'asyncua/server/history_sql.py|f\'CREATE TABLE "{table}" (_Id INTEGER PRIMARY KEY NOT NULL,\'',
      'asyncua/server/history_sql.py|await self._db.execute(f\'DELETE FROM "{table}" WHERE {condition}\', args)',
      'asyncua/server/history_sql.py|f\'INSERT INTO "{table}" VALUES (NULL, ?, ?, ?, ?, ?, ?)\',',
      "asyncua/server/history_sql.py|'SourceTimestamp = (SELECT CASE WHEN COUNT(*) > ? '",
      'asyncua/server/history_sql.py|f\'SELECT * FROM "{table}" WHERE "SourceTimestamp" BETWEEN ? AND ? \'',
      'asyncua/server/history_sql.py|=f\'CREATE TABLE "{table}" \'',
      'asyncua/server/history_sql.py|f\'INSERT INTO "{table}" ("_Id", "_Timestamp", "_EventTypeName", {columns}) \'',
      'asyncua/server/history_sql.py|await self._db.execute(f\'DELETE FROM "{table}" WHERE Time < ?\'',
      'asyncua/server/history_sql.py|f\'SELECT "_Timestamp", {clauses_str} FROM "{table}" \'',
    ],
    guarded: [
      'asyncua/server/history_sql.py|f\'CREATE TABLE "{table}" (_Id INTEGER PRIMARY KEY NOT NULL,\'',
      'asyncua/server/history_sql.py|await self._db.execute(f\'DELETE FROM "{table}" WHERE {condition}\', args)',
      'asyncua/server/history_sql.py|f\'INSERT INTO "{table}" VALUES (NULL, ?, ?, ?, ?, ?, ?)\',',
      "asyncua/server/history_sql.py|'SourceTimestamp = (SELECT CASE WHEN COUNT(*) > ? '",
      'asyncua/server/history_sql.py|f\'SELECT * FROM "{table}" WHERE "SourceTimestamp" BETWEEN ? AND ? \'',
      'asyncua/server/history_sql.py|await self._db.execute(f\'DELETE FROM "{table}" WHERE Time < ?\'',
    ],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_15B = [
  [
    'PyPI GitPython 3.1.32..3.1.33 (CVE-2023-40590, id not verified here)',
    'built by a helper, dropped by the lead before the merge: the advisory is an untrusted search path (a git.exe in the repository run on Windows), not input reaching a command; Bandit reports the Popen for its shell= argument, so the label would not be about the class',
  ],
  [
    'PyPI bentoml 1.4.2..1.4.3 (CVE-2025-27520, id not verified here)',
    'diffed with pip download, not built: the fix refuses the application/vnd.bentoml+pickle media type in the main server in api_endpoint (_bentoml_impl/server/app.py); the pickle.loads that deserializes the body is in the serde module, which 1.4.3 did not change, so no reported sink in a changed function',
  ],
  [
    'PyPI apache-airflow-providers-snowflake 6.3.1..6.4.0 (CVE-2025-50213, id not verified here)',
    'diffed and scanned with Bandit and Semgrep: the new _validate_parameter (no ";" in table and stage) runs in __init__, and the COPY INTO f-string in execute gets no sql-injection result from either scanner',
  ],
  [
    'PyPI llama-index-core 0.10.23..0.10.24 (CVE-2024-3098, safe_eval bypass; id not verified here)',
    'diffed with pip download: the fix narrows the allowed builtins and extends _contains_protected_access (no imports, no disallowed builtins); the eval and exec in safe_eval and safe_exec (exec_utils.py) sit in functions the release did not change',
  ],
  [
    'PyPI llamafactory 0.9.2..0.9.3 (CVE-2025-53002, torch.load of the value head; id not verified here)',
    'diffed with pip download: the published 0.9.3 still calls torch.load(vhead_file, map_location="cpu") in load_valuehead_params without weights_only, so no fix between these two releases',
  ],
  [
    'PyPI jsonpickle 2.2.0..3.0.0 (CVE-2020-22083, py/repr eval)',
    'diffed with pip download: the safe flag that skips eval in _restore_repr already existed and still defaults to False in 3.0.0; loadrepr keeps eval(evalstr) unchanged, so no fix to label',
  ],
  [
    'PyPI numpy 1.16.2..1.16.3 (CVE-2019-6446, allow_pickle default)',
    'not fetched: pip cannot prepare the 1.16 sdists on this Python and there is no matching wheel for the fetch fallbacks',
  ],
  [
    'PyPI salt 3002.4..3002.5 (CVE-2021-25283 follow-up)',
    'diffed with pip download: the release only switches Jinja to a SandboxedEnvironment (template rendering, no reported sink); the command-injection fixes of that month are in 3002.3, already in the set',
  ],
  [
    'PyPI GitPython 3.1.40..3.1.41 (CVE-2024-22190, id not verified here)',
    'diffed with pip download, not built: the fix moves every Popen behind a new _safer_popen_windows inside a release that reformats most of the package (12,000 diff lines), so the sink moves to a new function rather than gaining a guard in place',
  ],
  [
    'PyPI piccolo 1.15.0..1.16.0 (savepoint names)',
    'the savepoint name check is already in 1.15.0 (it is the fix of CVE-2023-47128, 1.1.0..1.1.1, already in the set); 1.16.0 changes tests only around it',
  ],
];
