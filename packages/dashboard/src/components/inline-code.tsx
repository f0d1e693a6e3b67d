/**
 * Text with `backtick` spans shown as code (the catalog's descriptions are written that way);
 * everything stays text, escaped by React, so no markdown parser is needed on this page.
 */
export const InlineCode = ({ text }: { text: string }) => (
  <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>
);
