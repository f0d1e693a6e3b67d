import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo } from 'react';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Markdown without raw HTML: HTML written in the source is shown as text, never parsed (so no
 * handler attribute ever reaches a DOM, even an inert one).
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: { html: (token) => escapeHtml(token.text) },
});

// Links in rendered markdown open without handing over this page (no opener, no referrer).
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
});

/** Markdown to HTML, then sanitized as a second layer: no script, no handlers, no javascript: URLs, no forms or frames. */
export const renderMarkdown = (source: string): string =>
  DOMPurify.sanitize(markdown.parse(source) as string, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
  });

/** Renders untrusted markdown (a fix's rationale) after sanitizing it. */
export const Markdown = ({ source }: { source: string }) => {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
};
