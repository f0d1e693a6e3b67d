import { useState } from 'react';

/**
 * A secret shown once (a new token's value, a generated webhook secret) with a copy button.
 * It lives only in this component's state: dismissing it forgets it, and the API never
 * returns it again.
 */
export const SecretOnce = ({
  label,
  value,
  onDismiss,
}: {
  label: string;
  value: string;
  onDismiss: () => void;
}) => {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <section className="notice secret" aria-labelledby="secret-title">
      <h3 id="secret-title">{label}</h3>
      <p>Copy it now: it is shown only once and cannot be retrieved later.</p>
      <div className="secret-row">
        <code data-testid="secret-value">{value}</code>
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <span role="status" className="muted">
          {copied === 'yes'
            ? 'Copied'
            : copied === 'failed'
              ? 'Copy failed: select and copy by hand'
              : ''}
        </span>
      </div>
      <button type="button" className="secondary" onClick={onDismiss}>
        I have stored it
      </button>
    </section>
  );
};
