/** Words of identifiers and text: `cacheKey`, `cache_key` and `CACHE-KEY` all give cache, key. */
export const wordsOf = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const set = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

const SECRET_WORDS = set(`password passwd pwd passphrase secret secrets token tokens nonce salt
  session sid otp totp csrf xsrf credential credentials signature signing hmac auth authentication
  apikey verification verify pin iv invite invitation activation confirmation captcha challenge
  reset login ticket`);
const SECRET_KEY_QUALIFIERS = set('api private secret signing encryption crypto access');

const HASH_BENIGN = set(`cache cached caching etag etags checksum checksums fingerprint dedup
  dedupe deduplicate deduplication shard sharding bucket partition bust cachebust buster asset assets
  gravatar avatar filename lookup color colour hue stable consistent ring route routing trace span
  correlation telemetry memo memoize memoization content`);

const RANDOM_BENIGN = set(`jitter backoff delay retry retries sleep wait shuffle shuffled sample
  sampling color colour hue animation animate simulate simulation game dice roll demo mock fake
  placeholder weight weighted probability chance percent ratio pick index position offset angle
  opacity lorem spread balance balancer timeout ttl interval cooldown canary rollout experiment
  variant greeting quote emoji tip particle noise`);

export interface Purpose {
  /** `security` when a secret-like word is there (it wins), `benign` for a non-security use. */
  use: 'security' | 'benign' | null;
  word: string | null;
}

const purposeOf = (text: string, benign: Set<string>): Purpose => {
  const words = wordsOf(text);
  const secret = words.find(
    (w, i) =>
      SECRET_WORDS.has(w) || (w === 'key' && i > 0 && SECRET_KEY_QUALIFIERS.has(words[i - 1]!)),
  );
  if (secret) return { use: 'security', word: secret };
  const ok = words.find((w) => benign.has(w));
  return ok ? { use: 'benign', word: ok } : { use: null, word: null };
};

/** What a weak hash is used for, from the names around it. */
export const hashPurpose = (text: string): Purpose => purposeOf(text, HASH_BENIGN);

/** What a non-cryptographic random value is used for, from the names around it. */
export const randomPurpose = (text: string): Purpose => purposeOf(text, RANDOM_BENIGN);

/** `usedforsecurity=False` (Python 3.9+ hashlib), the explicit non-security marker. */
export const notForSecurity = (text: string): boolean => /usedforsecurity\s*=\s*False/.test(text);
