export {
  generateToken,
  hashToken,
  isWellFormedToken,
  TOKEN_PREFIX,
  type GeneratedToken,
} from './tokens.js';
export { createSecretBox, generateWebhookSecret, parseKey, type SecretBox } from './secret-box.js';
export {
  generatePassword,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordProblems,
  verifyDecoyPassword,
  verifyPassword,
} from './passwords.js';
export {
  generateCsrfToken,
  generateSessionId,
  hashSessionId,
  isWellFormedSessionId,
  safeEqual,
} from './session-ids.js';
