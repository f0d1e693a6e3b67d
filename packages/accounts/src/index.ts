export { AccountError } from './errors.js';
export {
  activeTokensOf,
  findOrganizationRepository,
  issueToken,
  revokeToken,
  TOKEN_NAME_MAX,
  type TokenSummary,
} from './tokens.js';
export {
  createUser,
  findUserByEmail,
  membershipsOf,
  normalizeEmail,
  setPassword,
  type CreatedUser,
  type Membership,
} from './users.js';
export { resolveOidcUser, type OidcIdentity } from './oidc-users.js';
