import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: used for session, reset and set-password tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
