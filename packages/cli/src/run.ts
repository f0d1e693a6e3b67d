import { parseArgs } from 'node:util';
import { createDb, type Db } from '@remediation/db';
import { ConfigError, loadConfig } from '@remediation/runtime';
import { Type } from '@sinclair/typebox';
import { createOrg, createRepo, createToken, revokeToken } from './admin/commands.js';
import { createUserCommand, firstLine } from './admin/users.js';
import { clearCredentials, setCredentials } from './admin/credentials.js';
import { CliError, report, usageError, type CliIo } from './io.js';
import { parseDuration } from './upload/duration.js';
import { upload } from './upload/upload.js';
import { demoCommand } from './demo/demo.command.js';

export type { CliIo } from './io.js';

export const USAGE = `Usage:
  remediate upload <file.sarif> --repo <repository-id> [--commit <sha>] [--ref <ref>] [--wait] [--timeout <duration>] [--json]
  remediate demo [--url <service-url>] [--work-dir <dir>] [--timeout <duration>] [--semgrep]
  remediate admin create-org <slug> [--tier standard|enterprise] [--json]
  remediate admin create-repo --org <slug> --name <owner/name> --clone-url <url> [--provider github|gitlab|git] [--default-branch <branch>] [--json]
  remediate admin create-token --org <slug> --name <name> [--repo <repository-id>] [--json]
  remediate admin revoke-token <token-id> [--json]
  remediate admin create-user --org <slug> --email <email> [--role admin|member] [--password-stdin] [--json]
  remediate admin set-credentials --repo <repository-id> (--token-stdin [--username <user>] | --username <user> --password-stdin | --github-app-id <id> --installation-id <id> --private-key-file <pem-file>) [--json]
  remediate admin clear-credentials --repo <repository-id> [--json]

Environment:
  REMEDIATE_URL    the service URL (upload)
  REMEDIATE_TOKEN  an API token for the repository (upload)
  DATABASE_URL     PostgreSQL connection string (admin; default postgres://postgres@127.0.0.1:5432/remediation)
  SECRETS_ENCRYPTION_KEY  the services' key (set-credentials seals credentials with it)

demo (local development, after ./scripts/dev.sh) scans a checkout of the demo repository demo/app
with ESLint and Bandit (and with --semgrep Semgrep, bench/rules/semgrep), uploads the results as
upload --wait does, waits for the fix branches and prints the verdicts, fixes, branches and
dashboard links. It reads DATABASE_URL (to find demo/app and issue a short-lived token) and
REMEDIATE_URL (default http://localhost:8080); its checkout is .dev/demo unless --work-dir.

set-credentials reads the token or password from standard input (first line), never from
arguments, and never prints it.

upload sends the git root it runs in as checkout_uri and HEAD as the commit unless --commit is
given, gzips the document, and with --wait polls the scan until it is completed or failed
(--timeout, default 10m). Exit codes: 0 done, 1 rejected, failed or timed out, 2 usage.`;

export const CliConfig = Type.Object({
  DATABASE_URL: Type.String({
    minLength: 1,
    default: 'postgres://postgres@127.0.0.1:5432/remediation',
  }),
});

const OPTIONS = {
  json: { type: 'boolean' },
  tier: { type: 'string' },
  org: { type: 'string' },
  name: { type: 'string' },
  'clone-url': { type: 'string' },
  provider: { type: 'string' },
  'default-branch': { type: 'string' },
  repo: { type: 'string' },
  commit: { type: 'string' },
  ref: { type: 'string' },
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  email: { type: 'string' },
  role: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  'token-stdin': { type: 'boolean' },
  username: { type: 'string' },
  'github-app-id': { type: 'string' },
  'installation-id': { type: 'string' },
  'private-key-file': { type: 'string' },
  url: { type: 'string' },
  'work-dir': { type: 'string' },
  semgrep: { type: 'boolean' },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

const ALLOWED: Record<string, readonly (keyof Values)[]> = {
  'create-org': ['tier'],
  'create-repo': ['org', 'name', 'clone-url', 'provider', 'default-branch'],
  'create-token': ['org', 'name', 'repo'],
  'revoke-token': [],
  'create-user': ['org', 'email', 'role', 'password-stdin'],
  'set-credentials': [
    'repo',
    'token-stdin',
    'password-stdin',
    'username',
    'github-app-id',
    'installation-id',
    'private-key-file',
  ],
  'clear-credentials': ['repo'],
};

const admin = async (
  db: Db,
  io: CliIo,
  command: string,
  positionals: string[],
  values: Values,
): Promise<void> => {
  const json = values.json === true;
  const allowed = ALLOWED[command];
  if (!allowed) throw usageError(`unknown command 'admin ${command}'`);
  for (const key of Object.keys(values)) {
    if (key !== 'json' && !allowed.includes(key as keyof Values))
      throw usageError(`--${key} does not apply to 'admin ${command}'`);
  }
  const maxPositionals = command === 'create-org' || command === 'revoke-token' ? 1 : 0;
  if (positionals.length > maxPositionals)
    throw usageError(`unexpected argument '${positionals[maxPositionals]}'`);

  switch (command) {
    case 'create-org': {
      const org = await createOrg(db, { slug: positionals[0], tier: values.tier });
      return report(
        io,
        json,
        { id: org.id, slug: org.slug, tier: org.tier },
        `organization ${org.slug} (${org.tier}) created: ${org.id}`,
      );
    }
    case 'create-repo': {
      const repo = await createRepo(db, {
        org: values.org,
        name: values.name,
        cloneUrl: values['clone-url'],
        provider: values.provider,
        defaultBranch: values['default-branch'],
      });
      return report(io, json, repo, repo.id);
    }
    case 'create-token': {
      const t = await createToken(db, { org: values.org, name: values.name, repo: values.repo });
      if (!json)
        io.err(
          `${t.scope} token ${t.id} created for ${t.organization}; it is shown once, store it in a secrets store:`,
        );
      return report(io, json, t, t.token);
    }
    case 'create-user': {
      if (values['password-stdin'] === true && !io.stdin)
        throw usageError('--password-stdin needs standard input');
      const password =
        values['password-stdin'] === true && io.stdin ? firstLine(await io.stdin()) : undefined;
      const u = await createUserCommand(db, {
        org: values.org,
        email: values.email,
        role: values.role,
        password,
      });
      const human = u.one_time_password
        ? `${u.role} ${u.email} created in ${u.organization}; one-time password (shown once, to be changed at first sign-in):\n${u.one_time_password}`
        : u.created
          ? `${u.role} ${u.email} created in ${u.organization}`
          : `${u.email} (existing user) added to ${u.organization} as ${u.role}; their password is unchanged`;
      return report(io, json, u, human);
    }
    case 'set-credentials': {
      const c = await setCredentials(db, io, {
        repo: values.repo,
        tokenStdin: values['token-stdin'],
        passwordStdin: values['password-stdin'],
        username: values.username,
        githubAppId: values['github-app-id'],
        installationId: values['installation-id'],
        privateKeyFile: values['private-key-file'],
      });
      return report(io, json, c, `${c.kind} credentials stored for repository ${c.repository_id}`);
    }
    case 'clear-credentials': {
      const c = await clearCredentials(db, { repo: values.repo });
      const human = c.cleared
        ? `credentials of repository ${c.repository_id} removed`
        : `repository ${c.repository_id} had no credentials`;
      return report(io, json, c, human);
    }
    default: {
      const r = await revokeToken(db, { id: positionals[0] });
      return report(io, json, r, `token ${r.id} revoked at ${r.revoked_at}`);
    }
  }
};

const UPLOAD_OPTIONS: readonly (keyof Values)[] = [
  'repo',
  'commit',
  'ref',
  'wait',
  'timeout',
  'json',
];

const uploadCommand = async (
  io: CliIo,
  file: string | undefined,
  rest: string[],
  values: Values,
): Promise<number> => {
  try {
    for (const key of Object.keys(values)) {
      if (!UPLOAD_OPTIONS.includes(key as keyof Values))
        throw usageError(`--${key} does not apply to 'upload'`);
    }
    if (file === undefined) throw usageError('upload needs the SARIF file to send');
    if (rest.length > 0) throw usageError(`unexpected argument '${rest[0]}'`);
    if (!values.repo) throw usageError('--repo <repository-id> is required');
    const timeoutMs = values.timeout === undefined ? 600_000 : parseDuration(values.timeout);
    if (timeoutMs === undefined)
      throw usageError('--timeout must be a duration such as 90s, 10m or 1h');
    return await upload(io, {
      file,
      repo: values.repo,
      commit: values.commit,
      ref: values.ref,
      wait: values.wait === true,
      timeoutMs,
      json: values.json === true,
      cwd: io.cwd ?? process.cwd(),
    });
  } catch (err) {
    if (err instanceof CliError) {
      io.err(`remediate: ${err.message}${err.exitCode === 2 ? `\n\n${USAGE}` : ''}`);
      return err.exitCode;
    }
    io.err(`remediate: ${(err as Error).message}`);
    return 1;
  }
};

/** Runs the CLI; resolves with the exit code (0 ok, 1 failed, 2 usage). Never throws. */
export const run = async (argv: readonly string[], io: CliIo): Promise<number> => {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    io.err(`remediate: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [group, command, ...rest] = parsed.positionals;
  if (parsed.values.help || group === undefined) {
    io.out(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  if (group === 'upload') return uploadCommand(io, command, rest, parsed.values);
  if (group === 'demo')
    return demoCommand(io, parsed.positionals.slice(1), parsed.values, CliConfig);
  if (group !== 'admin' || command === undefined) {
    io.err(`remediate: unknown command '${parsed.positionals.join(' ')}'\n\n${USAGE}`);
    return 2;
  }
  let db: Db | undefined;
  try {
    const config = loadConfig(CliConfig, io.env);
    db = createDb({ url: config.DATABASE_URL, poolMax: 1, applicationName: 'remediate-cli' });
    await admin(db, io, command, rest, parsed.values);
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      io.err(`remediate: ${err.message}${err.exitCode === 2 ? `\n\n${USAGE}` : ''}`);
      return err.exitCode;
    }
    if (err instanceof ConfigError) {
      io.err(`remediate: ${err.message}`);
      return 2;
    }
    // Database errors: the message only; connection strings are never printed.
    io.err(`remediate: ${(err as Error).message}`);
    return 1;
  } finally {
    await db?.destroy();
  }
};
