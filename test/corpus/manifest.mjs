// Writes test/corpus/manifest.json for the SARIF files generate.sh produced, in the format of
// ../shared/sarif-corpus/manifest.json: per file its source (this repository, the scanned
// directory, the commit), provenance, statistics computed from the file, the verdicts of the two
// Ajv validators the shared manifest names (the errata01 draft-04 schema and the 2019 draft-07
// copy) and `expect` under decision 0013's policy. Plus `generated`: the scanner, its version,
// the command, the directory it ran in and the checkout the absolute URIs are under.
// Usage: node manifest.mjs SCANS.jsonl OUT_DIR
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const shared = resolve(root, '../shared/sarif-corpus');
// Ajv as packages/sarif has it (the versions the shared manifest's validators name).
const require = createRequire(join(root, 'packages/sarif/package.json'));
const Ajv = require('ajv').default;
const AjvDraft04 = require('ajv-draft-04').default;
const addFormats = require('ajv-formats').default;

const [scansFile, outDir] = process.argv.slice(2);
const scans = readFileSync(scansFile, 'utf8').trim().split('\n').map(JSON.parse);
const sharedManifest = JSON.parse(readFileSync(join(shared, 'manifest.json'), 'utf8'));
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const commit = git('rev-parse', 'HEAD');

const validator = (AjvClass, schemaFile, options) => {
  const ajv = new AjvClass({ allErrors: true, strict: false, ...options });
  addFormats(ajv);
  const validate = ajv.compile(
    JSON.parse(readFileSync(join(shared, 'schema', schemaFile), 'utf8')),
  );
  return (doc) => {
    const valid = validate(doc);
    const e = validate.errors?.[0];
    return { valid, first_error: valid ? null : `${e.instancePath || '/'} ${e.message}` };
  };
};
const draft07 = validator(Ajv, 'sarif-schema-2.1.0.json', { unicodeRegExp: false });
const errata01 = validator(AjvDraft04, 'sarif-schema-2.1.0.errata01-draft04.json', {});

const count = (items, test) => items.filter(test).length;
const nonEmpty = (v) =>
  v !== undefined && v !== null && (typeof v !== 'object' || Object.keys(v).length > 0);
const ABSOLUTE = /^(file:|\/|[a-zA-Z]:[\\/])/;

/** Every `uri` string under results and run.artifacts (the shared manifest's definition). */
const urisOf = (run) => {
  const out = [];
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'uri' && typeof x === 'string') out.push(x);
        else walk(x);
      }
  };
  walk(run.results ?? []);
  walk(run.artifacts ?? []);
  return out;
};

const statsOf = (text, log) => {
  const runs = log.runs;
  const results = runs.flatMap((r) => r.results ?? []);
  const levels = {};
  for (const r of results) levels[r.level ?? '(absent)'] = (levels[r.level ?? '(absent)'] ?? 0) + 1;
  const threadFlows = results.flatMap((r) =>
    (r.codeFlows ?? []).flatMap((c) => c.threadFlows ?? []),
  );
  const uris = runs.flatMap(urisOf);
  const has = (key) => count(results, (r) => nonEmpty(r[key]));
  return {
    sarif_version: log.version,
    schema_uri: log.$schema ?? null,
    utf8_bom: text.startsWith('\uFEFF'),
    tool_driver_names: runs.map((r) => r.tool.driver.name),
    legacy_tool_names_pre_2_1_0: null,
    runs: runs.length,
    results: results.length,
    driver_rules: runs.reduce((n, r) => n + (r.tool.driver.rules?.length ?? 0), 0),
    extensions: runs.reduce((n, r) => n + (r.tool.extensions?.length ?? 0), 0),
    extension_rules: runs.reduce(
      (n, r) => n + (r.tool.extensions ?? []).reduce((m, e) => m + (e.rules?.length ?? 0), 0),
      0,
    ),
    levels,
    results_with_codeFlows: has('codeFlows'),
    threadFlows: threadFlows.length,
    max_distinct_files_in_one_threadFlow: Math.max(
      0,
      ...threadFlows.map(
        (t) =>
          new Set(
            (t.locations ?? []).map(
              (l) => l.location?.physicalLocation?.artifactLocation?.uri ?? null,
            ),
          ).size,
      ),
    ),
    results_with_relatedLocations: has('relatedLocations'),
    results_with_fingerprints: has('fingerprints'),
    results_with_partialFingerprints: has('partialFingerprints'),
    results_with_suppressions: has('suppressions'),
    results_with_fixes: has('fixes'),
    has_codeFlows: has('codeFlows') > 0,
    has_relatedLocations: has('relatedLocations') > 0,
    has_fingerprints: has('fingerprints') > 0,
    has_partialFingerprints: has('partialFingerprints') > 0,
    has_suppressions: has('suppressions') > 0,
    has_extensions: runs.some((r) => (r.tool.extensions?.length ?? 0) > 0),
    uri_count: uris.length,
    uris_with_backslash: count(uris, (u) => u.includes('\\')),
    uris_absolute: count(uris, (u) => ABSOLUTE.test(u)),
    uri_examples: [...new Set(uris)].slice(0, 3),
    results_without_ruleId: count(results, (r) => !r.ruleId && !r.rule?.id),
    results_without_locations: count(results, (r) => !r.locations?.length),
    results_without_message_text: count(results, (r) => r.message?.text === undefined),
    any_result_lacks_ruleId: results.some((r) => !r.ruleId && !r.rule?.id),
    any_result_lacks_locations: results.some((r) => !r.locations?.length),
    structural_problems: null,
    json_parse_error: null,
    stats_from_lenient_parse: null,
  };
};

const files = scans.map((scan) => {
  const bytes = readFileSync(join(outDir, scan.file));
  const text = bytes.toString('utf8');
  const log = JSON.parse(text.replace(/^\uFEFF/, ''));
  const a = draft07(log);
  const b = errata01(log);
  return {
    file: scan.file,
    tool_family: scan.tool_family,
    source: {
      repository: 'this repository',
      repository_url: null,
      path: scan.cwd,
      commit,
      last_commit_touching_path: git('log', '-1', '--format=%H', '--', scan.cwd) || null,
      file_url: null,
      license: 'project test data',
      license_file: null,
    },
    provenance: 'real-scan-output (generated here by test/corpus/generate.sh)',
    notes: null,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
    stats: statsOf(text, log),
    validation: {
      schema_valid: a.valid,
      first_error: a.first_error,
      ajv_draft07: { valid: a.valid },
      ajv_errata01_draft04: { valid: b.valid, ...(b.valid ? {} : { first_error: b.first_error }) },
      sarif_multitool: null,
    },
    // Decision 0013: a document that passes the errata01 schema is accepted as it is.
    expect: b.valid ? 'accept' : 'accept-with-warnings',
    expect_reason: b.valid ? null : b.first_error,
    generated: {
      script: 'test/corpus/generate.sh',
      tool_version: scan.tool_version,
      command: scan.command,
      cwd: scan.cwd,
      checkout_uri: `${pathToFileURL(resolve(root, scan.cwd)).href}/`,
    },
  };
});

const manifest = {
  generated_utc: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  schema: sharedManifest.schema,
  supplementary_schema: sharedManifest.supplementary_schema,
  validators: {
    ajv_draft07: sharedManifest.validators.ajv_draft07,
    ajv_errata01_draft04: sharedManifest.validators.ajv_errata01_draft04,
    sarif_multitool: 'not run here (null): the multitool is not installed on this machine',
  },
  field_notes: {
    ...sharedManifest.field_notes,
    generated:
      'how generate.sh produced the file: the scanner and version, the command, the directory it ran in (cwd, repository-relative; relative URIs are relative to it) and checkout_uri (that directory as a file URI at generation time; absolute URIs in the file are under it)',
  },
  file_count: files.length,
  files,
};
writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
console.log(
  files
    .map((f) => `${f.file}: ${f.stats.results} results, ${f.bytes} bytes, ${f.expect}`)
    .join('\n'),
);
