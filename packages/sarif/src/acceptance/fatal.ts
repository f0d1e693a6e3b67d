import type { Problem } from '../problem.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const versionProblem = (version: unknown): Problem | undefined => {
  if (version === '2.1.0') return undefined;
  if (version === undefined) return { path: '/version', message: 'is required; must be "2.1.0"' };
  const older =
    typeof version === 'string' && /^(1\.0\.0|2\.0\.0)/.test(version)
      ? `; SARIF ${version} logs can be converted with sarif-multitool: \`sarif-multitool transform <file> --sarif-output-version Current --output <new file>\``
      : '';
  return { path: '/version', message: `is ${JSON.stringify(version)}; must be "2.1.0"${older}` };
};

/**
 * What makes a document impossible to process, whatever the validation mode (decision 0013):
 * not an object, `version` other than 2.1.0, `runs` missing, not an array or empty, a run
 * without a string `tool.driver.name`, or a run whose `results` is present but not an array.
 */
export const fatalProblems = (doc: unknown): Problem[] => {
  if (!isObject(doc)) return [{ path: '/', message: 'must be a JSON object (a SARIF log)' }];
  const problems: Problem[] = [];
  const version = versionProblem(doc['version']);
  if (version) problems.push(version);
  const runs = doc['runs'];
  if (runs === undefined) problems.push({ path: '/runs', message: 'is required' });
  else if (!Array.isArray(runs)) problems.push({ path: '/runs', message: 'must be an array' });
  else if (runs.length === 0)
    problems.push({ path: '/runs', message: 'must hold at least one run' });
  else {
    runs.forEach((run: unknown, i) => {
      const at = `/runs/${i}`;
      if (!isObject(run)) return problems.push({ path: at, message: 'must be an object' });
      const tool = run['tool'];
      const driver = isObject(tool) ? tool['driver'] : undefined;
      if (!isObject(tool)) problems.push({ path: `${at}/tool`, message: 'is required' });
      else if (!isObject(driver))
        problems.push({ path: `${at}/tool/driver`, message: 'is required' });
      else if (typeof driver['name'] !== 'string')
        problems.push({
          path: `${at}/tool/driver/name`,
          message:
            driver['name'] === undefined ? 'is required' : 'must be a string (the scanner name)',
        });
      const results = run['results'];
      if (results !== undefined && !Array.isArray(results))
        problems.push({ path: `${at}/results`, message: 'must be an array' });
      return undefined;
    });
  }
  return problems;
};
