import { createHash } from 'node:crypto';

/** git's (SHA-1) blob id of a UTF-8 text, as forges report file versions. */
export const gitBlobId = (content: string): string => {
  const bytes = Buffer.from(content, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
};
