// Held-out group 13, part C: pairs added 2026-12-07 after group 12 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage has not been run on them: not yet measured.
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_13C = [
  {
    ecosystem: 'pypi',
    name: 'apache-airflow',
    vulnerable: '1.10.10',
    fixed: '1.10.11',
    advisory: 'CVE-2020-11981',
    class: 'command-injection',
    heldOut: true,
    group: 13,
    fn: 'execute_command (airflow/executors/celery_executor.py)',
    fix: 'the Celery task ran whatever argument list it received from the broker with subprocess.check_call, so anyone able to write to the broker could run any command on a worker; 1.10.11 raises ValueError unless the list starts with ["airflow", "run"] before the check_call, which stays',
    real: ['airflow/executors/celery_executor.py|subprocess.check_call(command_to_exec'],
    guarded: ['airflow/executors/celery_executor.py|subprocess.check_call(command_to_exec'],
  },
  {
    ecosystem: 'pypi',
    name: 'monai',
    vulnerable: '1.5.0',
    fixed: '1.5.1',
    advisory: 'GHSA-p8cm-mm2v-gwjm (id not verified here)',
    class: 'deserialization',
    heldOut: true,
    group: 13,
    fn: 'pickle_operations (monai/data/utils.py) and LMDBDataset._cachecheck (monai/data/dataset.py)',
    fix: 'list_data_collate ran pickle_operations, which unpickled with pickle.loads every bytes value under a key ending in the meta-dict suffix, and LMDBDataset read its cache with pickle.loads; 1.5.1 removes pickle_operations and serializes the LMDB cache with torch.save, reading it back with torch.load(weights_only=True), so the sinks are gone (no guarded line)',
    real: [
      'monai/data/utils.py|data[k] = pickle.loads(data[k])',
      'monai/data/dataset.py|return pickle.loads(data)',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'monai',
    vulnerable: '1.5.0',
    fixed: '1.5.1',
    advisory: 'GHSA-6vm5-6jv9-rjpj (id not verified here)',
    class: 'deserialization',
    heldOut: true,
    group: 13,
    fn: 'CheckpointLoader.__call__ (monai/handlers/checkpoint_loader.py), PersistentDataset._cachecheck and GDSDataset._load_meta_cache (monai/data/dataset.py), StateCacher.retrieve (monai/utils/state_cacher.py)',
    fix: 'checkpoints and cache files were read with torch.load(..., weights_only=False), i.e. a full unpickle of a file that may come from elsewhere; 1.5.1 passes weights_only=True to these loads (converting cached data to tensors before saving), which the pinned rule no longer reports, so no guarded line',
    real: [
      'monai/handlers/checkpoint_loader.py|checkpoint = torch.load(self.load_path',
      'monai/data/dataset.py|return torch.load(hashfile, weights_only=False)',
      'monai/data/dataset.py|return torch.load(self.cache_dir / meta_hash_file_name, weights_only=False)',
      'monai/utils/state_cacher.py|data_obj = torch.load(fn',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'mindsdb',
    vulnerable: '23.2.4.0',
    fixed: '23.2.4.1',
    advisory:
      'CVE-2023-30620 (GHSA-2g5w-29q9-w6hx; the advisory gives 23.2.1.0 as fixed, but the published 23.2.1.0 to 23.2.4.0 still call f.extractall on the uploaded tarball and 23.2.4.1 is the first release with safe_extract, found from the diffs)',
    class: 'path-traversal',
    heldOut: true,
    group: 13,
    fn: 'File.put (mindsdb/api/http/namespaces/file.py) and the new safe_extract (mindsdb/api/http/utils.py)',
    fix: 'a .tar.gz uploaded to (or fetched by URL for) the file API was extracted with tarfile extractall into the temporary directory, so member names with ../ wrote outside it; 23.2.4.1 calls a new safe_extract, which raises when a member path joined to the target is not inside it (an os.path.commonprefix check) before the same tarfile extractall; that call is now in mindsdb/api/http/utils.py, a module that does not import tarfile, where the pinned rule does not report it, so no guarded line. The .zip branch (zipfile extractall, which strips .. itself) is unchanged and not labelled',
    real: ['mindsdb/api/http/namespaces/file.py|f.extractall(temp_dir_path)#2'],
  },
  {
    ecosystem: 'pypi',
    name: 'llama-index-llms-rungpt',
    vulnerable: '0.1.2',
    fixed: '0.1.3',
    advisory:
      'CVE-2024-4181 (published against the RunGptLLM class of llama_index 0.9.47, which now ships as this package; id not verified here)',
    class: 'code-injection',
    heldOut: true,
    group: 13,
    fn: 'RunGptLLM.stream_complete and RunGptLLM.stream_chat (the inner gen() of each, llama_index/llms/rungpt/base.py)',
    fix: 'the data field of each server-sent event from the RunGPT server was passed to eval() to turn it into a dict, so a malicious or compromised server ran Python in the client; 0.1.3 replaces eval(item.data) with dict(item.data), so the sink is gone (no guarded line)',
    real: [
      'llama_index/llms/rungpt/base.py|item_dict = json.loads(json.dumps(eval(item.data)))#1',
      'llama_index/llms/rungpt/base.py|item_dict = json.loads(json.dumps(eval(item.data)))#2',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'langchain-experimental',
    vulnerable: '0.0.20',
    fixed: '0.0.21',
    advisory: 'CVE-2024-21513 (id not verified here)',
    class: 'code-injection',
    heldOut: true,
    group: 13,
    fn: '_try_eval, called by get_result_from_sqldb (langchain_experimental/sql/vector_sql.py)',
    fix: 'VectorSQLDatabaseChain passed every column value of the rows its generated SQL returned to _try_eval, which ran eval() on it, so a value stored in the database (or produced by a prompt-injected query) ran as Python; 0.0.21 deletes _try_eval and get_result_from_sqldb returns the rows as they come, so the sink is gone (no guarded line)',
    real: ['langchain_experimental/sql/vector_sql.py|return eval(x)'],
  },
  {
    ecosystem: 'pypi',
    name: 'langchain',
    vulnerable: '0.0.246',
    fixed: '0.0.247',
    advisory:
      'CVE-2023-34541 (id not verified here; the release was found by bisecting the published versions)',
    class: 'code-injection',
    heldOut: true,
    group: 13,
    fn: '_load_prompt_from_file (langchain/prompts/loading.py), reached from load_prompt',
    fix: 'load_prompt accepted a .py file and ran it with exec(f.read(), helper.__dict__) to take its PROMPT, so loading a prompt from an untrusted path or hub ran arbitrary Python; 0.0.247 drops the .py branch (only .json and .yaml, the latter with yaml.safe_load, remain), so the sink is gone (no guarded line)',
    real: ['langchain/prompts/loading.py|exec(f.read(), helper.__dict__)'],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_13C = [
  [
    'PyPI lightning 2.3.2..2.3.3 (CVE-2024-5980, GHSA-mr7h-w2qc-ffc2)',
    'built with --review: the fix deletes lightning/app (the plugin endpoint whose tf.extractall(source_path) the advisory names) and the layout keeps only files present in both versions, so no path-traversal result in a changed function could be labelled',
  ],
  [
    'PyPI apache-airflow-providers-apache-hive 5.1.2..5.1.3 (CVE-2023-25696, id not verified here) and 6.1.1..6.1.2 (CVE-2023-37415, id not verified here)',
    'diffed with pip download: both fixes add checks in HiveCliHook._prepare_cli_cmd (the beeline host, port and schema; a ";" in proxy_user), which builds the argument list; the subprocess.Popen that runs it is in run_cli, a function neither release changed, so no result of the class in a changed function',
  ],
  [
    'PyPI llama-index-core 0.12.27..0.12.28 and 0.12.40..0.12.41 (CVE-2025-3108, JsonPickleSerializer; fixed version not verified here)',
    'diffed with pip download: 0.12.28 does not touch the serializer; 0.12.41 renames JsonPickleSerializer to PickleSerializer (keeping the old name as an alias) and adds a docstring warning, while pickle.loads(base64.b64decode(value)) stays with no check before it, so neither a fixed sink nor a guard to label',
  ],
  [
    'PyPI sagemaker 2.217.0..2.218.0 (CVE-2024-34072, NumpyDeserializer allow_pickle)',
    'built with --review: no result at all in the laid-out files; the fix flips the default of NumpyDeserializer(allow_pickle=...) to False, and np.load(..., allow_pickle=self.allow_pickle) is reported by no pinned rule',
  ],
];
