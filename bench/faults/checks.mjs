// What bench:faults checks after each fault, on the scans uploaded while it was on. Every check
// returns the ids of what is lost or duplicated (empty = passed).
import { sql } from 'kysely';

/** Terminal states: a scan accepted with 202 must reach one of them. */
const TERMINAL = ['completed', 'failed'];

/** Scans not completed (failed ones with the reason the API shows). */
export const scanOutcomes = async (db, scanIds) => {
  const rows = await db
    .selectFrom('scans')
    .select(['id', 'state', 'error'])
    .where('id', 'in', scanIds)
    .execute();
  const missing = scanIds.filter((id) => !rows.some((r) => r.id === id));
  return {
    completed: rows.filter((r) => r.state === 'completed').length,
    failed: rows
      .filter((r) => r.state === 'failed')
      .map((r) => `${r.id} (${r.error ?? 'no reason'})`),
    failedWithoutReason: rows.filter((r) => r.state === 'failed' && !r.error).map((r) => r.id),
    unfinished: [
      ...missing,
      ...rows.filter((r) => !TERMINAL.includes(r.state)).map((r) => `${r.id} ${r.state}`),
    ],
  };
};

/** Findings of the scans without exactly one verdict of that scan (nor a triage error). */
export const verdicts = async (db, scanIds) => {
  const { rows } = await sql`
    select sf.scan_id, sf.finding_id, count(tr.id)::int as n, bool_or(f.triage_error is not null) as errored
    from scan_findings sf
    join findings f on f.id = sf.finding_id
    left join triage_results tr on tr.finding_id = sf.finding_id and tr.scan_id = sf.scan_id
    where sf.scan_id = any(${scanIds}::uuid[])
    group by sf.scan_id, sf.finding_id
    having count(tr.id) <> 1`.execute(db);
  return {
    missing: rows.filter((r) => r.n === 0 && !r.errored).map((r) => `${r.scan_id}/${r.finding_id}`),
    duplicated: rows.filter((r) => r.n > 1).map((r) => `${r.scan_id}/${r.finding_id} ×${r.n}`),
  };
};

/**
 * Fixes: a finding in more than one live fix (not failed or superseded), a finding routed to
 * the fixer with neither a fix nor the reason it has none, and fixes left unpublished.
 */
export const fixes = async (db, scanIds) => {
  const { rows: duplicated } = await sql`
    select fid as finding_id, array_agg(x.id) as fix_ids
    from fixes x, unnest(x.finding_ids) fid
    where x.status not in ('failed', 'superseded')
      and fid in (select finding_id from scan_findings where scan_id = any(${scanIds}::uuid[]))
    group by fid having count(*) > 1`.execute(db);
  const { rows: unrouted } = await sql`
    select sf.finding_id
    from scan_findings sf join findings f on f.id = sf.finding_id
    join scans s on s.id = sf.scan_id and s.state = 'completed'
    where sf.scan_id = any(${scanIds}::uuid[]) and sf.route_fix
      and f.fix_id is null and f.fix_note is null
      and not exists (select 1 from fixes x where sf.finding_id = any(x.finding_ids))`.execute(db);
  const unpublished = await db
    .selectFrom('fixes')
    .select(['id', 'publish_error'])
    .where('scan_id', 'in', scanIds)
    .where('status', '=', 'generated')
    .execute();
  const total = await db
    .selectFrom('fixes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('scan_id', 'in', scanIds)
    .executeTakeFirstOrThrow();
  return {
    total: Number(total.n),
    duplicated: duplicated.map((r) => `${r.finding_id} in ${r.fix_ids.join(',')}`),
    withoutFixOrReason: unrouted.map((r) => r.finding_id),
    unpublished: unpublished.map((r) => `${r.id}${r.publish_error ? ` (${r.publish_error})` : ''}`),
  };
};

/**
 * Pull requests: more than one per fix in the database, more than one per branch on the forge,
 * a recorded PR the forge does not have, and forge PRs no fix records.
 */
export const pullRequests = async (db, scanIds, forgePulls) => {
  const rows = await db
    .selectFrom('pull_requests as p')
    .innerJoin('fixes as x', 'x.id', 'p.fix_id')
    .innerJoin('repositories as r', 'r.id', 'p.repository_id')
    .select(['p.fix_id', 'p.number', 'p.branch', 'p.state', 'r.name as repo'])
    .where('x.scan_id', 'in', scanIds)
    .execute();
  const perFix = new Map();
  for (const r of rows) perFix.set(r.fix_id, (perFix.get(r.fix_id) ?? 0) + 1);
  const duplicatedInDb = [...perFix].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  const forge = new Map(forgePulls.map((f) => [f.fullName, f.pulls]));
  const duplicatedOnForge = [];
  for (const [fullName, pulls] of forge) {
    const perBranch = new Map();
    for (const p of pulls) perBranch.set(p.head, [...(perBranch.get(p.head) ?? []), p.number]);
    for (const [branch, numbers] of perBranch)
      if (numbers.length > 1)
        duplicatedOnForge.push(`${fullName} ${branch} #${numbers.join(',#')}`);
  }
  const notOnForge = rows
    .filter((r) => r.number !== null)
    .filter(
      (r) => !(forge.get(r.repo) ?? []).some((p) => p.number === r.number && p.head === r.branch),
    )
    .map((r) => `${r.repo}#${r.number} (fix ${r.fix_id})`);
  return {
    opened: rows.filter((r) => r.number !== null).length,
    duplicatedInDb,
    duplicatedOnForge,
    notOnForge,
  };
};

/** Forge PRs whose branch no pull_requests row names (opened twice, or opened and forgotten). */
export const orphanForgePulls = async (db, forgePulls) => {
  const rows = await db
    .selectFrom('pull_requests as p')
    .innerJoin('repositories as r', 'r.id', 'p.repository_id')
    .select(['r.name as repo', 'p.number'])
    .where('p.number', 'is not', null)
    .execute();
  const known = new Set(rows.map((r) => `${r.repo}#${r.number}`));
  return forgePulls.flatMap((f) =>
    f.pulls
      .filter((p) => !known.has(`${f.fullName}#${p.number}`))
      .map((p) => `${f.fullName}#${p.number} ${p.head}`),
  );
};

/**
 * Events written since `since`: each relayed and received at least once by the receiver; a
 * delivery id that came with two event ids; the same fact emitted as two events (two event ids
 * for one scan's `scan.completed`, one fix's `fix.generated` or `pr.opened`).
 */
export const events = async (db, since, seen) => {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'type', 'relayed_at', 'envelope'])
    .where('created_at', '>=', since)
    .where('type', '!=', 'ping')
    .execute();
  const notReceived = rows.filter((r) => !seen.events[r.id]).map((r) => `${r.type} ${r.id}`);
  const subject = (r) => {
    const data = r.envelope.data ?? {};
    if (r.type === 'scan.completed') return data.scan_id;
    if (r.type === 'fix.generated' || r.type === 'pr.opened') return data.fix_id;
    return undefined;
  };
  const bySubject = new Map();
  for (const r of rows) {
    const key = subject(r);
    if (key === undefined) continue;
    bySubject.set(`${r.type} ${key}`, [...(bySubject.get(`${r.type} ${key}`) ?? []), r.id]);
  }
  const receivedTwice = Object.values(seen.events).filter((e) => e.answered > 1).length;
  return {
    written: rows.length,
    notReceived,
    duplicatedFacts: [...bySubject]
      .filter(([, ids]) => ids.length > 1)
      .map(([k, ids]) => `${k}: ${ids.join(',')}`),
    mixedDeliveries: seen.mixedDeliveries,
    receivedTwice,
  };
};
