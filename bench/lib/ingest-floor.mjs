// The ingestion floor for one SARIF document: JSON.parse + Ajv validation + one
// `INSERT … SELECT FROM jsonb_to_recordset` of the rows the service would write (built by the
// service's own code), into a fresh repository so nothing conflicts. bench/ingest and
// bench/pipeline measure it in the same run as the real service.
import { jsonRows, newId } from '@remediation/db';
import { normalizeLog, schemaValidator } from '@remediation/sarif';
import { sql } from 'kysely';
import {
  FINDING_RECORD_TYPE,
  toRecord,
} from '../../services/sarif-ingest/dist/ingest/findings.writer.js';
import { createRepo } from './stack.mjs';

const parse = (text) => JSON.parse(text.toString('utf8').replace(/^\uFEFF/, ''));

/** Milliseconds the floor takes for `text` (the uncompressed document) in organization `org`. */
export const ingestFloor = async (db, env, { org, name, text }) => {
  const repo = await createRepo(env, { org, name: `floor/${name}` });
  const scanId = newId();
  await db
    .insertInto('scans')
    .values({ id: scanId, repository_id: repo.id, state: 'completed', source: 'upload' })
    .execute();
  const rows = normalizeLog(parse(text)).findings.map(toRecord);
  const validate = schemaValidator();
  const started = performance.now();
  const doc = parse(text);
  if (!validate(doc)) throw new Error('floor: document does not validate');
  await sql`
    insert into findings (id, repository_id, fingerprint, first_seen_scan_id, last_seen_scan_id,
      tool, category, rule_id, message, uri, start_line, start_column, end_line, end_column,
      level, severity, dataflow_tier, suppressed, fixable, problems, code_flows,
      related_locations, properties, rule, snippet, suppressions, sarif_fixes)
    select r.id, ${repo.id}, r.fingerprint, ${scanId}, ${scanId}, r.tool, r.category, r.rule_id,
      r.message, r.uri, r.start_line, r.start_column, r.end_line, r.end_column, r.level,
      r.severity, r.dataflow_tier, r.suppressed, r.fixable, r.problems, r.code_flows,
      r.related_locations, r.properties, r.rule, r.snippet, coalesce(r.suppressions, '[]'),
      coalesce(r.sarif_fixes, '[]')
    from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as ${sql.raw(FINDING_RECORD_TYPE)}`.execute(
    db,
  );
  return { ms: performance.now() - started, findings: rows.length };
};
