import type { Codemod } from '@remediation/codemods';
import type { AppliedFix, FixFinding, GroupOutcome } from './generate.js';

const where = (f: FixFinding) => `\`${f.uri}:${f.location.startLine}\``;

const checks = (a: AppliedFix): string =>
  a.codemodRef
    ? 'the changed files parse, the vulnerable pattern is gone at the finding, applying the codemod again changes nothing, and the diff stays within the site plus imports and manifests'
    : 'the changed files parse (a tool’s own proposed fix has no detection pattern to re-check)';

/** Distinct codemods in first-applied order. */
const codemodsOf = (applied: readonly AppliedFix[]): Map<string, Codemod | undefined> =>
  new Map(applied.map((a) => [a.codemod, a.codemodRef]));

/** One line for lists and events: what changed and where. */
export const summarize = (outcome: GroupOutcome, byId: ReadonlyMap<string, FixFinding>): string => {
  const [first] = outcome.applied;
  if (!first) return 'no change';
  const codemods = codemodsOf(outcome.applied);
  const title =
    codemods.size === 1
      ? (first.codemodRef?.title ?? `Apply ${byId.get(first.findingId)!.tool}'s proposed fix`)
      : `Fix ${outcome.applied.length} findings with ${codemods.size} codemods`;
  const files = outcome.files.map((f) => f.path);
  return `${title} in ${files.length === 1 ? files[0] : `${files.length} files`}`;
};

/**
 * The fix's rationale in markdown: what was wrong, what the change does, why it is safe, the
 * checks it passed, the findings it fixes, notes for the reviewer and references.
 */
export const rationale = (outcome: GroupOutcome, byId: ReadonlyMap<string, FixFinding>): string => {
  const parts: string[] = [];
  for (const [id, codemod] of codemodsOf(outcome.applied)) {
    const applied = outcome.applied.filter((a) => a.codemod === id);
    const findings = applied.map((a) => byId.get(a.findingId)!);
    parts.push(`## ${codemod?.title ?? `${findings[0]!.tool}'s proposed fix`} (\`${id}\`)`);
    if (codemod) {
      parts.push(`**What was wrong.** ${codemod.rationale.problem}`);
      parts.push(`**What the change does.** ${codemod.rationale.change}`);
      parts.push(`**Why it is safe.** ${codemod.rationale.safety}`);
    }
    parts.push(
      `**Findings fixed.**\n${findings
        .map(
          (f) =>
            `- ${f.tool} \`${f.ruleId}\` at ${where(f)}: ${f.message.replace(/\s+/g, ' ').trim()}`,
        )
        .join('\n')}`,
    );
    parts.push(
      `**Checked before it was kept.** ${checks(applied[0]!)}; the diff applies to the scanned commit.`,
    );
    const notes = [...new Set(applied.flatMap((a) => a.notes))];
    if (notes.length > 0)
      parts.push(`**Notes for the reviewer.**\n${notes.map((n) => `- ${n}`).join('\n')}`);
    if (codemod && codemod.references.length > 0)
      parts.push(
        `**References.** ${[
          ...codemod.cwe.map((c) => `[CWE-${c}](https://cwe.mitre.org/data/definitions/${c}.html)`),
          ...codemod.references.map((r) => `[${r.title}](${r.url})`),
        ].join(' · ')}`,
      );
  }
  if (outcome.unfixed.length > 0)
    parts.push(
      `**Not fixed in this change.**\n${outcome.unfixed
        .map((u) => `- ${where(byId.get(u.findingId)!)}: ${u.reason}`)
        .join('\n')}`,
    );
  return `${parts.join('\n\n')}\n`;
};
