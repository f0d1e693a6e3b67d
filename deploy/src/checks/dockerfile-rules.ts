import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DockerfileParser,
  ModifiableInstruction,
  PropertyInstruction,
  type Instruction,
} from 'dockerfile-ast';
import { parseDockerIgnore } from './dockerignore.js';
import { looksSecretName } from './secrets.js';

/** What every service's start script must be: the command docker-entrypoint.sh runs. */
export const SERVICE_START = 'node --import ./dist/instrument.js dist/main.js';

const PINNED = /(?::[\w.-]*\d+\.\d+\.\d+[\w.-]*|@sha256:[a-f0-9]{64})$/;

interface Stage {
  readonly name: string | null;
  readonly instructions: Instruction[];
}

const stagesOf = (instructions: Instruction[]): { initial: Instruction[]; stages: Stage[] } => {
  const initial: Instruction[] = [];
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.getKeyword() === 'FROM') {
      const args = instruction.getArguments().map((a) => a.getValue());
      const as = args.findIndex((a) => a.toUpperCase() === 'AS');
      stages.push({ name: as >= 0 ? (args[as + 1] ?? null) : null, instructions: [instruction] });
    } else if (stages.length === 0) initial.push(instruction);
    else stages[stages.length - 1]?.instructions.push(instruction);
  }
  return { initial, stages };
};

const text = (i: Instruction): string => i.getArgumentsContent() ?? '';
const keyword = (stage: Stage, word: string) =>
  stage.instructions.filter((i) => i.getKeyword() === word);

/**
 * The image rules (the repository's Dockerfile linter): each entry is a broken rule. `root` is
 * the build context (the repository root).
 */
export const checkDockerfile = (dockerfile: string, root: string): string[] => {
  const problems: string[] = [];
  const parsed = DockerfileParser.parse(dockerfile);
  const { initial, stages } = stagesOf(parsed.getInstructions());
  const final = stages.at(-1);
  if (!final) return ['no FROM instruction'];
  const argDefaults = new Map(
    initial
      .filter((i) => i.getKeyword() === 'ARG')
      .map((i) => text(i).split('=') as [string, string | undefined]),
  );
  const stageNames = new Set(stages.map((s) => s.name).filter((n): n is string => n !== null));

  for (const stage of stages) {
    const from = stage.instructions[0];
    const image = (from?.getArguments()[0]?.getValue() ?? '').replace(
      /\$\{?(\w+)\}?/g,
      (_, name: string) => argDefaults.get(name) ?? '',
    );
    if (!stageNames.has(image) && !PINNED.test(image)) {
      problems.push(`FROM ${image || '(empty)'}: pin the base image to a full version or a digest`);
    }
  }

  const user = keyword(final, 'USER').at(-1);
  const uid = user ? /^(\d+)(:\d+)?$/.exec(text(user).trim())?.[1] : undefined;
  if (uid === undefined || uid === '0') {
    problems.push('the final stage must end with USER <numeric uid>[:<gid>] other than 0');
  }

  const health = keyword(final, 'HEALTHCHECK').at(-1);
  const probe = health ? text(health) : '';
  if (!/\bCMD\b/.test(probe) || !probe.includes('/livez') || !probe.includes('HEALTH_PORT')) {
    problems.push('HEALTHCHECK must request /livez on HEALTH_PORT');
  }
  if (/\b(curl|wget)\b/.test(probe))
    problems.push('HEALTHCHECK must not need curl or wget (use node)');

  for (const stage of stages) {
    for (const add of keyword(stage, 'ADD')) {
      if (/https?:\/\//.test(text(add))) problems.push(`ADD ${text(add)}: never ADD a URL`);
    }
    for (const run of keyword(stage, 'RUN')) {
      const command = text(run);
      if (!/apt-get\s+(-\S+\s+)*install/.test(command)) continue;
      if (!command.includes('--no-install-recommends'))
        problems.push('apt-get install without --no-install-recommends');
      if (!/apt-get\s+update/.test(command))
        problems.push('apt-get install without apt-get update in the same RUN');
      if (!command.includes('rm -rf /var/lib/apt/lists'))
        problems.push('apt-get install without removing /var/lib/apt/lists in the same RUN');
    }
  }
  for (const decl of parsed.getInstructions()) {
    if (!(decl instanceof PropertyInstruction)) continue;
    if (decl.getKeyword() !== 'ENV' && decl.getKeyword() !== 'ARG') continue;
    for (const property of decl.getProperties()) {
      const name = property.getName();
      if (looksSecretName(name))
        problems.push(`${decl.getKeyword()} ${name}: no secrets in the image`);
    }
  }

  const ignore = parseDockerIgnore(readFileSync(join(root, '.dockerignore'), 'utf8'));
  for (const stage of stages) {
    for (const copy of keyword(stage, 'COPY')) {
      const flags = copy instanceof ModifiableInstruction ? copy.getFlags() : [];
      if (flags.some((f) => f.getName() === 'from')) continue;
      const args = copy.getArguments().map((a) => a.getValue());
      const sources = args.filter((a) => !a.startsWith('--')).slice(0, -1);
      for (const source of sources) {
        const path = source.replace(/^\.\//, '').replace(/\/$/, '');
        if (path === '.' || path === '') continue;
        if (!existsSync(join(root, path)))
          problems.push(`COPY ${source}: no such file in the repository`);
        else if (ignore.ignores(path)) problems.push(`COPY ${source}: excluded by .dockerignore`);
      }
    }
  }

  const volumes = keyword(final, 'VOLUME').flatMap((v) => JSON.parse(text(v)) as string[]);
  if (!volumes.includes('/tmp'))
    problems.push('VOLUME must declare /tmp (the image runs with a read-only root)');
  const cache = /GIT_MIRROR_DIR=(\S+)/.exec(keyword(final, 'ENV').map(text).join(' '))?.[1];
  if (!cache || !volumes.includes(cache))
    problems.push('VOLUME must declare the git cache at GIT_MIRROR_DIR');

  const labels = keyword(final, 'LABEL').map(text).join(' ');
  for (const label of ['title', 'source', 'version', 'revision', 'created']) {
    if (!labels.includes(`org.opencontainers.image.${label}=`))
      problems.push(`missing OCI label org.opencontainers.image.${label}`);
  }
  if (!keyword(final, 'ENTRYPOINT').some((e) => text(e).includes('docker-entrypoint.sh'))) {
    problems.push('ENTRYPOINT must run docker-entrypoint.sh (it selects the service)');
  }
  return problems;
};

/** Services whose start command or entry files differ from what docker-entrypoint.sh runs. */
export const checkServiceEntrypoints = (root: string, services: readonly string[]): string[] =>
  services.flatMap((service) => {
    const dir = join(root, 'services', service);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    const problems: string[] = [];
    if (pkg.scripts?.['start'] !== SERVICE_START) {
      problems.push(
        `services/${service}: the start script must be "${SERVICE_START}" (docker-entrypoint.sh runs exactly that)`,
      );
    }
    for (const file of ['src/main.ts', 'src/instrument.ts']) {
      if (!existsSync(join(dir, file)))
        problems.push(
          `services/${service}: ${file} is missing (built to dist/ and started by the image)`,
        );
    }
    return problems;
  });
