// Where in HTML a value is put decides whether HTML escaping makes it safe: not in a URL
// attribute (`javascript:` needs no markup character), an event handler or a style (entities are
// decoded before they run), a script block, or an unquoted attribute value (a blank starts
// another attribute).

/** Attributes whose value is a URL. */
export const URL_ATTRIBUTE_NAMES = 'href|src|action|formaction|xlink:href';

/** Where the markup `prefix` ends, when HTML escaping does not hold there; null when it does. */
export const unsafeHtmlContext = (prefix: string): string | null => {
  const lower = prefix.toLowerCase();
  if (lower.lastIndexOf('<script') > lower.lastIndexOf('</script')) return 'a script block';
  if (
    new RegExp(`\\b(${URL_ATTRIBUTE_NAMES}|on[a-z]+|style)\\s*=\\s*(["'])[^"']*$`, 'i').test(prefix)
  )
    return 'a URL, event-handler or style attribute';
  if (/<[a-z][^>]*\s[\w:-]+\s*=\s*$/i.test(prefix)) return 'an unquoted attribute value';
  return null;
};
