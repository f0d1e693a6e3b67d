// Held-out group 14, part B: pairs added 2026-12-07 after group 13 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage was not run on them before the group's one measurement, at `5df8fb6`
// (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_14B = [
  {
    ecosystem: 'pypi',
    name: 'pgadmin4',
    vulnerable: '8.3',
    fixed: '8.4',
    advisory: 'CVE-2024-2044',
    class: 'deserialization',
    opened: '2026-12-07',
    group: 14,
    fn: 'FileBackedSessionManager.get (pgadmin4/pgadmin/utils/session.py)',
    fix: 'the session file was found with os.path.join(self.path, sid), sid being the session id from the cookie, and read back with pickle load(f), so an id with ../ (or a UNC path on Windows) unpickled a file the attacker had placed elsewhere, e.g. in their storage directory; 8.4 builds the name with werkzeug safe_join, which returns None for an id that is absolute or leaves the session folder, and only opens and loads the file when it is not None; the load(f) stays behind that check',
    real: ['pgadmin4/pgadmin/utils/session.py|randval, hmac_digest, data = load(f)'],
    guarded: ['pgadmin4/pgadmin/utils/session.py|randval, hmac_digest, data = load(f)'],
  },
  {
    ecosystem: 'pypi',
    name: 'pgadmin4',
    vulnerable: '7.6',
    fixed: '7.7',
    advisory:
      'CVE-2023-5002 (id not verified here; 7.7 is the first release that no longer runs the binary path through subprocess.getoutput, found from the diffs)',
    class: 'command-injection',
    opened: '2026-12-07',
    group: 14,
    fn: 'validate_binary_path (pgadmin4/pgadmin/misc/__init__.py) and set_binary_path (pgadmin4/pgadmin/utils/__init__.py)',
    fix: 'the binary path a user sent to the validate_binary_path API (and the configured paths set_binary_path probes) was joined with each utility name and run as subprocess.getoutput(\'"{0}" --version\'.format(full_path)), a shell command line, so a path containing a double quote ran any command on the server; 7.7 moves the probe into a new get_binary_path_versions that runs subprocess.run([full_path, "--version"], shell=False), so the shell sinks are gone (the new list-form call runs the file the path names and is not a guarded line)',
    real: [
      'pgadmin4/pgadmin/misc/__init__.py|subprocess.getoutput(\'"{0}" --version\'.format(full_path))',
      'pgadmin4/pgadmin/utils/__init__.py|subprocess.getoutput(\'"{0}" --version\'.format(full_path))',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'pgadmin4',
    vulnerable: '9.1',
    fixed: '9.2',
    advisory: 'CVE-2025-2945',
    class: 'code-injection',
    opened: '2026-12-07',
    group: 14,
    fn: 'start_query_download_tool (pgadmin4/pgadmin/tools/sqleditor/__init__.py) and GoogleProvider._create_google_postgresql_instance (pgadmin4/pgacloud/providers/google.py)',
    fix: 'the query_commited field of the query tool download request was passed to eval() when it was a string, and the cloud deployment ran eval(args.high_availability) on the value from the deploy request, so an authenticated user ran Python on the server; 9.2 compares the lower-cased string with "true"/"1" in both places, so the evals are gone (no guarded line)',
    real: [
      'pgadmin4/pgadmin/tools/sqleditor/__init__.py|eval(value) if isinstance(value, str) else value',
      "pgadmin4/pgacloud/providers/google.py|'REGIONAL' if eval(args.high_availability) else 'ZONAL'",
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'dulwich',
    vulnerable: '0.18.4',
    fixed: '0.18.5',
    advisory: 'CVE-2017-16228',
    class: 'command-injection',
    opened: '2026-12-07',
    group: 14,
    fn: 'SubprocessSSHVendor.run_command (dulwich/client.py)',
    fix: 'the host of an ssh:// URL (with the user name prefixed) was appended to the ["ssh", "-x", ...] argument list given to subprocess.Popen, so a host beginning with a dash, such as -oProxyCommand=..., was read by ssh as an option and ran a local command; 0.18.5 raises the new StrangeHostname when the host starts with "-" before the same Popen, which stays',
    real: ['dulwich/client.py|proc = subprocess.Popen(args + [command], bufsize=0,'],
    guarded: ['dulwich/client.py|proc = subprocess.Popen(args + [command], bufsize=0,'],
  },
  {
    ecosystem: 'pypi',
    name: 'mysql-mcp-server',
    vulnerable: '0.2.2',
    fixed: '0.3.0',
    advisory:
      'SQL injection in read_resource (reported as VULN-001 in designcomputer/mysql_mcp_server issue 89, which names 0.2.2; 0.3.0 is the first release with the check, found from the diffs; no CVE or GHSA id verified here)',
    class: 'sql-injection',
    opened: '2026-12-07',
    group: 14,
    fn: 'read_resource (src/mysql_mcp_server/server.py)',
    fix: 'the table name was taken from the resource URI mysql://{table}/data and put into cursor.execute(f"SELECT * FROM {table} LIMIT 100"), so a crafted URI (e.g. through prompt injection) ran any SQL with the server\'s MySQL account; 0.3.0 passes the name through a new validate_identifier, which raises ValueError unless it matches ^[a-zA-Z0-9_$]+$, and quotes it in backticks before the same execute, which stays',
    real: ['src/mysql_mcp_server/server.py|cursor.execute(f"SELECT * FROM {table} LIMIT 100")'],
    guarded: [
      'src/mysql_mcp_server/server.py|cursor.execute(f"SELECT * FROM `{table}` LIMIT 100")',
    ],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_14B = [
  [
    'PyPI pgadmin4 8.4..8.5 (CVE-2024-3116)',
    'diffed with pip download, not built: the fix adds a check that the utility path is not (inside) the storage directory to validate_binary_path (pgadmin/misc/__init__.py), in front of its call to get_binary_path_versions, and to does_utility_exist; the subprocess.run that runs the binary is in get_binary_path_versions (pgadmin/utils/__init__.py), a function 8.5 did not change, so no reported sink in a changed function',
  ],
  [
    'PyPI pip 25.2..25.3 (CVE-2025-8869, tar symlink members when tarfile has no data filter; id not verified here)',
    'diffed with pip download, not built: the fallback _untar_without_filter (pip/_internal/utils/unpacking.py) gains a check that a symlink member points inside the archive before tar._extract_member, not a tarfile extractall call, so no pinned rule is expected to report the sink',
  ],
  [
    'PyPI pgadmin4 9.9..9.10 (CVE-2025-12762, PLAIN restore meta-commands; id not verified here)',
    'diffed with pip download, not built: the new has_meta_commands check in the restore tool stands in front of a BatchProcess that runs psql; the restore module itself calls no subprocess, and the Popen in misc/bgprocess/process_executor.py only changes its shell argument (the Windows shell=True of CVE-2025-12763), so no reported sink with the added guard in front of it',
  ],
];
