import type {
  Message,
  MultiformatMessageString,
  ReportingDescriptor,
  ToolComponent,
} from './sarif-types.js';

const PLACEHOLDER = /\{(\d+)\}/g;

/** Substitutes `{n}` placeholders with the message's arguments (`{{`/`}}` are literal braces). */
const format = (template: string, args: readonly string[] | undefined): string => {
  if (!args || args.length === 0) return template;
  return template
    .replace(/\{\{|\}\}/g, (m) => (m === '{{' ? '\u0000' : '\u0001'))
    .replace(PLACEHOLDER, (m, n: string) => args[Number(n)] ?? m)
    .replace(/\u0000/g, '{')
    .replace(/\u0001/g, '}');
};

const pick = (s: MultiformatMessageString | undefined): string | undefined =>
  s?.text ?? s?.markdown;

/**
 * A result's message as text: its own `text` (or `markdown`), else the string `message.id`
 * names in the rule's `messageStrings` or the component's `globalMessageStrings`, with
 * `arguments` substituted.
 */
export const messageText = (
  message: Message,
  rule: ReportingDescriptor | undefined,
  component: ToolComponent,
): string => {
  const template =
    message.text ??
    (message.id !== undefined
      ? (pick(rule?.messageStrings?.[message.id]) ??
        pick(component.globalMessageStrings?.[message.id]))
      : undefined) ??
    message.markdown;
  if (template === undefined) return message.id ?? '';
  return format(template, message.arguments);
};
