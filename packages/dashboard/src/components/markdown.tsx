import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

// Links in rendered markdown open without handing over this page (no opener, no referrer).
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
});

/** Markdown to HTML, sanitized: no script, no event handlers, no javascript: URLs, no forms or frames. */
export const renderMarkdown = (markdown: string): string =>
  DOMPurify.sanitize(marked.parse(markdown, { async: false, gfm: true }), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
  });

/** Renders untrusted markdown (a fix's rationale) after sanitizing it. */
export const Markdown = ({ source }: { source: string }) => {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
};
