// Records how the triage engine scored each opened held-out group when it was still held out:
// the engine at the commit of the group's one held-out measurement (FIRST_MEASURED below) is
// built from git into a scratch folder and scores the group's findings; the scores are written
// to advisories/first-scores.json. The calibration (fit.mjs, and run.mjs's folds) fits these
// first scores instead of today's for those findings: today's engine has rules written while
// reading them, so its scores there say how it does on code it was shown, and confidence must
// say how it does on code it was not (issue 26: "honest out of distribution").
//
// Usage: node bench/triage-quality/first-scores.mjs  (needs the advisory set built, git history,
// and the workspace installed; run it once when a held-out group is opened, commit the JSON)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadAdvisorySet } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');

/** The commit each opened group was measured at, once, while held out (README, decision 0019). */
export const FIRST_MEASURED = {
  1: '84295bb',
  2: 'ac0a1ad',
  3: '61ebb36',
  4: 'a1f4ce3',
  5: '72f021a',
  6: '6b1d08e',
  7: 'e3d0471',
  8: '156c97c',
  9: '358e6d3',
  10: '6e90770',
  11: '2d7129a',
  12: 'fb79166',
  13: 'e6a2c99',
  14: '5df8fb6',
  15: '732899d',
};

const advisory = loadAdvisorySet();
if (!advisory) {
  console.error(
    'the advisory pairs are not built here (bash bench/triage-quality/advisories/build.sh)',
  );
  process.exit(1);
}

/** The engine of `commit`, built from git in a scratch folder beside today's node_modules. */
const engineAt = async (commit) => {
  const out = join(tmpdir(), `triage-engine-${commit}`);
  if (!existsSync(join(out, 'packages', 'triage-engine', 'dist', 'index.js'))) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const archive = execFileSync(
      'git',
      ['archive', commit, 'packages/triage-engine', 'tsconfig.base.json'],
      { cwd: repo, maxBuffer: 1 << 28 },
    );
    execFileSync('tar', ['-x', '-C', out], { input: archive });
    symlinkSync(join(repo, 'node_modules'), join(out, 'node_modules'));
    rmSync(join(out, 'packages', 'triage-engine', 'node_modules'), {
      recursive: true,
      force: true,
    });
    symlinkSync(
      join(repo, 'packages', 'triage-engine', 'node_modules'),
      join(out, 'packages', 'triage-engine', 'node_modules'),
    );
    execFileSync(join(repo, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], {
      cwd: join(out, 'packages', 'triage-engine'),
      stdio: 'inherit',
    });
  }
  return import(pathToFileURL(join(out, 'packages', 'triage-engine', 'dist', 'index.js')).href);
};

const rows = [];
const groups = {};
for (const [group, commit] of Object.entries(FIRST_MEASURED)) {
  const items = advisory.filter((i) => String(i.group) === group && !i.heldOut);
  if (!items.length) continue;
  const engine = await engineAt(commit);
  const full = execFileSync('git', ['rev-parse', commit], { cwd: repo }).toString().trim();
  groups[group] = { engine: full, findings: items.length };
  for (const item of items) {
    const v = engine.triageFinding(item.finding, item.source, {
      sensitivity: 'balanced',
      minSeverity: 'info',
      excludedPaths: [],
    });
    const evidence = v.evidence.filter((e) => e.signal !== 'second_opinion');
    rows.push({
      key: item.key,
      group: Number(group),
      score: Math.round(evidence.reduce((s, e) => s + (e.weight ?? 0), 0) * 1e4) / 1e4,
      wontFixReason: v.classification === 'WONT_FIX' ? v.evidence[0].signal : null,
      reputationOnly: engine.reputationOnly(evidence),
    });
    // Native tree memory is freed only when the loop turns (lib.mjs mapTurning).
    await turnOfTheLoop();
  }
  console.log(`group ${group}: ${items.length} findings scored by the engine at ${commit}`);
}
writeFileSync(
  join(here, 'advisories', 'first-scores.json'),
  `${JSON.stringify(
    {
      note: 'Scores of each opened held-out group by the engine at its held-out measurement (first-scores.mjs); the calibration fits these instead of today’s.',
      groups,
      rows,
    },
    null,
    2,
  )}\n`,
);
