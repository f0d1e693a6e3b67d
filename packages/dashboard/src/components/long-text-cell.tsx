import { shortenTail } from './long-text.js';

/**
 * A rule id or path in a table cell: shortened from the front past `max` characters with the
 * full text on hover (title) and for screen readers, and allowed to wrap, so one long id never
 * pushes the table's other columns off screen.
 */
export const LongCode = ({ text, max = 48 }: { text: string; max?: number }) => {
  const short = shortenTail(text, max);
  if (short === null) return <code className="wrap">{text}</code>;
  return (
    <code className="wrap" title={text}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{text}</span>
    </code>
  );
};
