import type {
  Message,
  MultiformatMessageString,
  ReportingDescriptor,
  ToolComponent,
} from './sarif-types.js';

/** `{n}` placeholders, and `{{`/`}}` for literal braces (SARIF §3.11.5). */
const TOKEN = /\{\{|\}\}|\{(\d+)\}/g;

/** Substitutes `{n}` placeholders with the message's arguments. */
const format = (template: string, args: readonly string[] | undefined): string => {
  return template.replace(TOKEN, (m, n: string | undefined) =>
    m === '{{' ? '{' : m === '}}' ? '}' : (args?.[Number(n)] ?? m),
  );
};

const pick = (s: MultiformatMessageString | undefined): string | undefined =>
  s?.text ?? s?.markdown;

/**
 * A result's message as text: its own `text` (or `markdown`), else the string `message.id`
 * names in the rule's `messageStrings` or the component's `globalMessageStrings`, with
 * `arguments` substituted.
 */
export const messageText = (
  message: Message | undefined,
  rule: ReportingDescriptor | undefined,
  component: ToolComponent,
): string => {
  if (!message) return '';
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
