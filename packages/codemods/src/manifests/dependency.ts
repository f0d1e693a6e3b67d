import type { FixContext } from '../engine/codemod.js';
import { addPackageJsonDependency, packageJsonHas } from './package-json.js';
import { addPomDependency, pomHas, type MavenDependency } from './pom-xml.js';
import {
  addPyprojectDependency,
  addRequirement,
  pyprojectHas,
  requirementsHas,
} from './python-deps.js';
import { nearestFile } from './nearest.js';

/** A library a fix needs (prefer the standard library; use this only when it has no equivalent). */
export type Dependency =
  | { ecosystem: 'npm'; name: string; range: string }
  | { ecosystem: 'pypi'; name: string; specifier: string }
  | ({ ecosystem: 'maven' } & MavenDependency);

/**
 * Declares a dependency in the manifest nearest to the fixed file (package.json;
 * requirements.txt, else pyproject.toml; pom.xml) when it is loaded in `input.files`. When no
 * manifest is loaded or it cannot be edited, adds a note asking the reviewer to add it.
 * Returns true when a manifest declares the dependency afterwards.
 */
export const ensureDependency = (ctx: FixContext, dep: Dependency): boolean => {
  const from = ctx.input.path;
  for (const { name, has, add } of editorsFor(dep)) {
    const manifest = nearestFile(ctx.input, from, name);
    if (!manifest) continue;
    const current = ctx.fileText(manifest.path) ?? manifest.text;
    if (has(current)) return true;
    if (add(current) === current) continue;
    ctx.updateFile(manifest.path, add, 'manifest');
    return true;
  }
  ctx.note(`Add the dependency ${label(dep)} to the project's manifest.`);
  return false;
};

const label = (dep: Dependency): string =>
  dep.ecosystem === 'npm'
    ? `\`${dep.name}@${dep.range}\``
    : dep.ecosystem === 'pypi'
      ? `\`${dep.name}${dep.specifier}\``
      : `\`${dep.groupId}:${dep.artifactId}:${dep.version}\``;

interface ManifestEditor {
  name: string;
  has: (text: string) => boolean;
  add: (text: string) => string;
}

const editorsFor = (dep: Dependency): ManifestEditor[] => {
  if (dep.ecosystem === 'npm') {
    return [
      {
        name: 'package.json',
        has: (t) => packageJsonHas(t, dep.name),
        add: (t) => addPackageJsonDependency(t, dep.name, dep.range),
      },
    ];
  }
  if (dep.ecosystem === 'maven') {
    return [{ name: 'pom.xml', has: (t) => pomHas(t, dep), add: (t) => addPomDependency(t, dep) }];
  }
  const requirement = `${dep.name}${dep.specifier}`;
  return [
    {
      name: 'requirements.txt',
      has: (t) => requirementsHas(t, requirement),
      add: (t) => addRequirement(t, requirement),
    },
    {
      name: 'pyproject.toml',
      has: (t) => pyprojectHas(t, requirement),
      add: (t) => addPyprojectDependency(t, requirement),
    },
  ];
};
