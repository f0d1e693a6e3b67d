import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Codemod, CodemodInput, Finding, NotApplicableReason } from '../src/index.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** One fixture case: `<case>.json` next to `<case>.before.<ext>` (and `<case>.after.<ext>`). */
export interface FixtureCase {
  name: string;
  when: string;
  input: CodemodInput;
  expect:
    | { kind: 'edited'; after: string; files: Record<string, string>; behaviourChange: boolean }
    | { kind: 'not_applicable'; reason: NotApplicableReason };
}

interface CaseJson {
  when: string;
  path?: string;
  finding: Finding;
  files?: Record<string, string>;
  expect:
    | { kind: 'edited'; files?: Record<string, string>; behaviourChange?: boolean }
    | { kind: 'not_applicable'; reason: NotApplicableReason };
}

/** `src/<language>/<name>/fixtures` for `remediate:<language>/<name>`. */
export const fixtureDir = (codemod: Codemod): string => {
  const [, family, name] = /^remediate:([a-z]+)\/([a-z0-9-]+)$/.exec(codemod.id) ?? [];
  return join(SRC, family ?? '?', name ?? '?', 'fixtures');
};

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');

/** Every case of a codemod's fixture directory, sorted by name. */
export const loadFixtures = (codemod: Codemod): FixtureCase[] => {
  const dir = fixtureDir(codemod);
  if (!existsSync(dir)) return [];
  const entries = readdirSync(dir);
  return entries
    .filter((f) => f.endsWith('.json') && !/\.(before|after|file)\./.test(f))
    .sort()
    .map((jsonFile) => {
      const name = jsonFile.slice(0, -'.json'.length);
      const spec = JSON.parse(read(dir, jsonFile)) as CaseJson;
      const before = entries.find((f) => f.startsWith(`${name}.before.`));
      if (!before) throw new Error(`${dir}/${name}: no ${name}.before.<ext>`);
      const ext = before.slice(`${name}.before.`.length);
      const files = Object.fromEntries(
        Object.entries(spec.files ?? {}).map(([path, file]) => [path, read(dir, file)]),
      );
      const input: CodemodInput = {
        path: spec.path ?? `${name}.${ext}`,
        source: read(dir, before),
        finding: spec.finding,
        ...(spec.files ? { files } : {}),
      };
      const expect: FixtureCase['expect'] =
        spec.expect.kind === 'edited'
          ? {
              kind: 'edited',
              after: read(dir, `${name}.after.${ext}`),
              files: Object.fromEntries(
                Object.entries(spec.expect.files ?? {}).map(([p, f]) => [p, read(dir, f)]),
              ),
              behaviourChange: spec.expect.behaviourChange === true,
            }
          : spec.expect;
      return { name, when: spec.when, input, expect };
    });
};
