import type { CodeContext } from '../code/context.js';
import { normalizeUri } from '../code/context.js';
import { reconstructFlow, type FlowResult } from '../flow/index.js';
import { WEIGHTS } from '../scoring/weights.js';
import type { Evidence, PathStepView, TriageFinding } from '../types.js';

const KIND_TEXT: Record<string, string> = {
  source: 'source',
  'local-source': 'local input',
  parameter: 'parameter',
  constant: 'constant',
  assign: 'assigned',
  propagate: 'carried',
  container: 'container',
  branch: 'branch',
  kill: 'killed',
  sanitizer: 'sanitized',
  call: 'call',
  unknown: 'unknown',
  sink: 'sink',
};

const pathText = (path: PathStepView[]): string =>
  path
    .slice(-4)
    .map((s) => `${KIND_TEXT[s.kind] ?? s.kind}: ${s.code.slice(0, 60)}`)
    .join(' → ');

/**
 * Evidence from the flow reconstruction at the sink (src/flow). `decided` is true when it
 * tells where the value comes from (input, local input, or none), so the textual reading of
 * the value's origin is left out.
 */
export const reconstructedFlowSignals = (
  finding: TriageFinding,
  ctx: CodeContext,
  cls: string,
): { decided: boolean; evidence: Evidence[]; result: FlowResult | null } => {
  const loc = finding.location;
  if (!loc || !ctx.text || !ctx.line) return { decided: false, evidence: [], result: null };
  const result = reconstructFlow({
    uri: normalizeUri(loc.uri),
    text: ctx.text,
    line: ctx.line,
    endLine: loc.endLine,
    cls,
    files: ctx.files,
  });
  if (!result) return { decided: false, evidence: [], result };
  const uri = normalizeUri(loc.uri);
  const path: PathStepView[] = result.path.map((s) => ({ uri, ...s }));
  const at = { uri, line: ctx.line };
  switch (result.outcome) {
    case 'no-source':
      return {
        decided: true,
        result,
        evidence: [
          result.sanitized
            ? {
                signal: 'flow_reconstructed_sanitized',
                effect: 'false_positive',
                detail:
                  cls === 'xxe'
                    ? `${result.reason.charAt(0).toUpperCase()}${result.reason.slice(1)} (${pathText(path)}).`
                    : `The reconstructed flow passes every value reaching the sink through a sanitizer for this class (${pathText(path)}).`,
                weight: WEIGHTS.reconstructedSanitized,
                at,
                path,
              }
            : {
                signal: 'flow_reconstructed_no_source',
                effect: 'false_positive',
                detail: `No outside input reaches the sink: ${result.reason} (${pathText(path)}).`,
                weight: WEIGHTS.reconstructedNoSource,
                at,
                path,
              },
        ],
      };
    case 'input':
      return {
        decided: true,
        result,
        evidence: [
          {
            signal: 'flow_reconstructed_input',
            effect: 'true_positive',
            detail: `Outside input reaches the sink unsanitized (${pathText(path)}).`,
            weight: WEIGHTS.reconstructedInput,
            at,
            path,
          },
        ],
      };
    case 'local':
      return {
        decided: true,
        result,
        evidence: [
          {
            signal: 'local_source',
            effect: 'false_positive',
            detail: `Only the environment or the command line reaches the sink, not a remote user (${pathText(path)}).`,
            weight: WEIGHTS.localSource,
            at,
            path,
          },
        ],
      };
    default:
      return {
        decided: false,
        result,
        evidence: [
          {
            signal: 'flow_reconstructed_undecided',
            effect: 'neutral',
            detail: `The flow to the sink could not be decided: ${result.reason}.`,
            at,
            ...(path.length ? { path } : {}),
          },
        ],
      };
  }
};
