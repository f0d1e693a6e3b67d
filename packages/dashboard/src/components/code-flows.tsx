/** What the dashboard reads of SARIF `codeFlows` (kept as received by the API). */
interface SarifLocation {
  physicalLocation?: {
    artifactLocation?: { uri?: string };
    region?: { startLine?: number; startColumn?: number; snippet?: { text?: string } };
  };
  message?: { text?: string };
}
interface ThreadFlowLocation {
  location?: SarifLocation;
  kinds?: string[];
}
interface CodeFlow {
  message?: { text?: string };
  threadFlows?: { locations?: ThreadFlowLocation[] }[];
}

/** The steps of each code flow: where the data went, in order. */
export const flowSteps = (codeFlows: unknown[]) =>
  (codeFlows as CodeFlow[]).map((flow) => ({
    message: flow.message?.text,
    steps: (flow.threadFlows ?? []).flatMap((t) =>
      (t.locations ?? []).map((l) => ({
        uri: l.location?.physicalLocation?.artifactLocation?.uri ?? '?',
        line: l.location?.physicalLocation?.region?.startLine,
        message: l.location?.message?.text,
        snippet: l.location?.physicalLocation?.region?.snippet?.text,
      })),
    ),
  }));

export const CodeFlows = ({ codeFlows }: { codeFlows: unknown[] }) => {
  const flows = flowSteps(codeFlows).filter((f) => f.steps.length > 0);
  if (flows.length === 0) return <p className="muted">No code flow was reported.</p>;
  return (
    <>
      {flows.map((flow, i) => (
        <section key={i} className="flow" aria-label={`Code flow ${i + 1}`}>
          <h3>
            Flow {i + 1}
            {flow.message ? `: ${flow.message}` : ''}
          </h3>
          <ol>
            {flow.steps.map((s, j) => (
              <li key={j}>
                <code>
                  {s.uri}
                  {s.line ? `:${s.line}` : ''}
                </code>
                {s.message && <span> — {s.message}</span>}
                {s.snippet && <pre>{s.snippet}</pre>}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
};
