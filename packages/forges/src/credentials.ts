import type { ForgeCredentials } from './types.js';

/** Every form of the credentials that must never show in a message. */
export const credentialSecrets = (credentials: ForgeCredentials | null): string[] => {
  if (!credentials) return [];
  switch (credentials.kind) {
    case 'token':
      return [credentials.token];
    case 'basic':
      return [
        credentials.password,
        Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64'),
      ];
    case 'github_app':
      return [
        credentials.privateKey,
        ...credentials.privateKey.split('\n').filter((l) => l.length > 20),
      ];
  }
};
