export {
  generateToken,
  hashToken,
  isWellFormedToken,
  TOKEN_PREFIX,
  type GeneratedToken,
} from './tokens.js';
export { createSecretBox, generateWebhookSecret, parseKey, type SecretBox } from './secret-box.js';
