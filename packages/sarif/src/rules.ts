import type { ReportingDescriptor, Result, Run, ToolComponent } from './sarif-types.js';

/** Where a result's rule lives: the driver or one of `tool.extensions` (CodeQL query packs). */
export const componentOf = (run: Run, result: Result): ToolComponent => {
  const ref = result.rule?.toolComponent;
  const extensions = run.tool.extensions ?? [];
  if (ref?.index !== undefined && extensions[ref.index]) return extensions[ref.index]!;
  if (ref?.name !== undefined) {
    const byName = extensions.find((e) => e.name === ref.name);
    if (byName) return byName;
  }
  return run.tool.driver;
};

/** Per-run index of every component's rules by id, built once per run. */
export class RuleIndex {
  private readonly byId = new Map<ToolComponent, Map<string, ReportingDescriptor>>();

  constructor(private readonly run: Run) {}

  private idsOf(component: ToolComponent): Map<string, ReportingDescriptor> {
    let map = this.byId.get(component);
    if (!map) {
      map = new Map((component.rules ?? []).map((r) => [r.id, r]));
      this.byId.set(component, map);
    }
    return map;
  }

  /** The rule a result refers to: `rule.index`/`ruleIndex` first, then `rule.id`/`ruleId`. */
  ruleOf(result: Result): { rule?: ReportingDescriptor; component: ToolComponent } {
    const component = componentOf(this.run, result);
    const index = result.rule?.index ?? result.ruleIndex;
    if (index !== undefined && index >= 0 && component.rules?.[index]) {
      return { rule: component.rules[index], component };
    }
    const id = result.ruleId ?? result.rule?.id;
    if (id === undefined) return { component };
    const map = this.idsOf(component);
    // A hierarchical id (`CA1000/subrule`) may be described by its parent.
    const rule = map.get(id) ?? map.get(id.split('/')[0]!);
    return rule ? { rule, component } : { component };
  }
}

/**
 * The rule id of a result: `ruleId`, else `rule.id`, else the id of the rule at `ruleIndex`.
 * An empty id (a rule that was set aside as invalid) is no id.
 */
export const ruleIdOf = (result: Result, rule: ReportingDescriptor | undefined): string | null =>
  result.ruleId || result.rule?.id || rule?.id || null;
