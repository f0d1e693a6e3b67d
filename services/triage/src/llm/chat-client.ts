import type { Classification } from '@remediation/contracts';

/** A second opinion as the model gave it, parsed. */
export interface Opinion {
  classification: Classification;
  confidence: number;
  reasoning: string;
  model: string;
}

/** Asks a model about one finding; resolves null when there is no usable answer. */
export interface SecondOpinion {
  readonly model: string;
  ask(
    prompt: { system: string; user: string },
    parse: (text: string) => Omit<Opinion, 'model'> | null,
  ): Promise<Opinion | { error: string }>;
}

/**
 * An OpenAI-compatible chat completions client (`POST {base}/chat/completions`, JSON answers
 * requested with `response_format`, temperature 0), over Node's fetch. The API key goes in the
 * Authorization header only; errors never echo it or the answer body.
 */
export const createChatClient = (options: {
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs: number;
}): SecondOpinion => ({
  model: options.model,
  ask: async (prompt, parse) => {
    const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
        }),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      return { error: `the model endpoint did not answer (${(err as Error).name})` };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { error: `the model endpoint answered ${res.status}` };
    }
    const body = (await res.json().catch(() => null)) as {
      choices?: { message?: { content?: unknown } }[];
    } | null;
    const content = body?.choices?.[0]?.message?.content;
    const parsed = typeof content === 'string' ? parse(content) : null;
    return parsed
      ? { ...parsed, model: options.model }
      : { error: 'the model gave no usable answer' };
  },
});
