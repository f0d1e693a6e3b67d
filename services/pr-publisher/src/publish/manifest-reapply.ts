import {
  addPackageJsonDependency,
  addPomDependency,
  addPyprojectDependency,
  addRequirement,
  type MavenDependency,
} from '@remediation/codemods';
import { diffLines } from 'diff';

/**
 * A manifest edit replayed onto another version of the manifest: the fix's change to a
 * manifest is read back as "declare these dependencies", and each is declared again with the
 * codemods' own idempotent editors (a dependency already there is left alone). Only used when
 * that replay on the scanned version gives exactly the fix's text, i.e. the fix did nothing but
 * declare those dependencies; anything else goes through the three-way merge.
 */
interface ManifestKind {
  additions(base: string, fixed: string): ((text: string) => string)[];
}

const addedLines = (base: string, fixed: string): string[] =>
  diffLines(base, fixed)
    .filter((part) => part.added)
    .flatMap((part) => part.value.split(/\r?\n/))
    .map((line) => line.trim())
    .filter((line) => line !== '');

const requirements: ManifestKind = {
  additions: (base, fixed) =>
    addedLines(base, fixed)
      .filter((line) => !line.startsWith('#') && !line.startsWith('-'))
      .map((req) => (text) => addRequirement(text, req)),
};

const dependenciesOf = (json: string): Record<string, string> => {
  const parsed = JSON.parse(json) as { dependencies?: Record<string, string> };
  return parsed.dependencies ?? {};
};

const packageJson: ManifestKind = {
  additions: (base, fixed) => {
    const before = dependenciesOf(base);
    return Object.entries(dependenciesOf(fixed))
      .filter(([name]) => !(name in before))
      .map(
        ([name, range]) =>
          (text) =>
            addPackageJsonDependency(text, name, range),
      );
  },
};

const pomDependencies = (xml: string): MavenDependency[] =>
  [...xml.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)].flatMap((m) => {
    const field = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(m[1]!)?.[1]?.trim();
    const [groupId, artifactId, version] = [
      field('groupId'),
      field('artifactId'),
      field('version'),
    ];
    return groupId && artifactId && version ? [{ groupId, artifactId, version }] : [];
  });

const pom: ManifestKind = {
  additions: (base, fixed) => {
    const key = (d: MavenDependency) => `${d.groupId}:${d.artifactId}`;
    const before = new Set(pomDependencies(base).map(key));
    return pomDependencies(fixed)
      .filter((d) => !before.has(key(d)))
      .map((dep) => (text) => addPomDependency(text, dep));
  },
};

const pyproject: ManifestKind = {
  additions: (base, fixed) =>
    addedLines(base, fixed)
      .flatMap((line) => [...line.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]!))
      .map((req) => (text) => addPyprojectDependency(text, req)),
};

const KINDS: Record<string, ManifestKind> = {
  'requirements.txt': requirements,
  'package.json': packageJson,
  'pom.xml': pom,
  'pyproject.toml': pyproject,
};

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The fix's manifest change replayed onto `ours` (the manifest at the branch's current head),
 * or null when `path` is not a manifest we can edit, or the fix changed it in another way than
 * declaring dependencies (the caller then merges three ways).
 */
export const reapplyManifest = (
  path: string,
  base: string,
  fixed: string,
  ours: string,
): string | null => {
  const kind = KINDS[fileName(path)];
  if (!kind) return null;
  try {
    const edits = kind.additions(base, fixed);
    if (edits.length === 0) return null;
    const replay = (text: string) => edits.reduce((t, edit) => edit(t), text);
    if (replay(base) !== fixed) return null;
    return replay(ours);
  } catch {
    // A manifest that does not parse (package.json) cannot be replayed; the merge decides.
    return null;
  }
};
