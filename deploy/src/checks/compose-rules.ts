import { secretProblem } from './secrets.js';

type Service = Record<string, unknown>;
export interface ComposeFile {
  readonly services: Record<string, Service>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Image reference every application service runs (one image, the service chosen by `command`). */
export const APP_IMAGE = '${REMEDIATION_IMAGE:-remediation:local}';

/** Application services of the compose file: the app image, except the one-shot migrate. */
export const appServices = (compose: ComposeFile): string[] =>
  Object.entries(compose.services)
    .filter(([name, s]) => s['image'] === APP_IMAGE && name !== 'migrate')
    .map(([name]) => name)
    .sort();

const condition = (service: Service, dependency: string): unknown => {
  const deps = service['depends_on'];
  return isRecord(deps) && isRecord(deps[dependency]) ? deps[dependency]['condition'] : undefined;
};

/** Rules the compose file keeps beyond the schema; each entry is a broken rule. */
export const checkCompose = (compose: ComposeFile, services: readonly string[]): string[] => {
  const problems: string[] = [];
  const apps = appServices(compose);
  const missing = services.filter((s) => !apps.includes(s));
  const extra = apps.filter((s) => !services.includes(s));
  if (missing.length > 0 || extra.length > 0) {
    problems.push(
      `docker-compose.yml services must match services/*: add ${missing.join(', ') || 'none'} ` +
        `(one entry each: "<name>: {<<: *service, command: [<name>]}", *git-service when it keeps git mirrors), remove ${extra.join(', ') || 'none'}`,
    );
  }
  for (const name of apps) {
    const service = compose.services[name] ?? {};
    const command = service['command'];
    if (!Array.isArray(command) || command[0] !== name)
      problems.push(`${name}: command must be [${name}]`);
    const test = isRecord(service['healthcheck'])
      ? JSON.stringify(service['healthcheck']['test'])
      : '';
    if (!test.includes('/livez')) problems.push(`${name}: healthcheck must request /livez`);
    if (condition(service, 'migrate') !== 'service_completed_successfully') {
      problems.push(
        `${name}: must depend on migrate with condition service_completed_successfully`,
      );
    }
    for (const dep of ['postgres', 'redis']) {
      if (condition(service, dep) !== 'service_healthy')
        problems.push(`${name}: must depend on ${dep} being healthy`);
    }
    if (typeof service['restart'] !== 'string' || service['restart'] === 'no')
      problems.push(`${name}: needs a restart policy`);
    if (service['read_only'] !== true)
      problems.push(`${name}: must run with a read-only root file system`);
  }
  const migrate = compose.services['migrate'];
  if (!migrate || JSON.stringify(migrate['command']) !== '["migrate"]')
    problems.push('migrate: one-shot service running the migrations is missing');
  else {
    if (condition(migrate, 'postgres') !== 'service_healthy')
      problems.push('migrate: must wait for postgres being healthy');
    if (migrate['restart'] !== 'no')
      problems.push("migrate: restart must be 'no' (it is one-shot)");
  }
  const redis = JSON.stringify(compose.services['redis']?.['command'] ?? '');
  if (!/--appendonly","yes"/.test(redis)) problems.push('redis: AOF must be on (--appendonly yes)');
  if (!/--maxmemory-policy","noeviction"/.test(redis))
    problems.push('redis: --maxmemory-policy noeviction');
  for (const dep of ['postgres', 'redis']) {
    if (!isRecord(compose.services[dep]?.['healthcheck']))
      problems.push(`${dep}: needs a healthcheck`);
  }
  return problems;
};

/** Every string value that looks like a literal secret, with its path. */
export const secretsIn = (value: unknown, path = ''): string[] => {
  if (typeof value === 'string') {
    // `KEY=value` entries of list-form environments name their own setting.
    const entry = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(value);
    const name = entry?.[1] ?? path.split('.').pop() ?? '';
    const problem = secretProblem(name, entry?.[2] ?? value);
    return problem ? [`${path}: ${problem}`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => secretsIn(v, `${path}[${i}]`));
  if (isRecord(value))
    return Object.entries(value).flatMap(([k, v]) => secretsIn(v, path ? `${path}.${k}` : k));
  return [];
};
