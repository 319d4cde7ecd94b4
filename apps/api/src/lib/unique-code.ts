import { isUniqueViolation } from './list-query.js';

const GENERATE_ATTEMPTS = 3;

/**
 * Runs `create` (one transaction that inserts a row with a per-owner code). A code the caller typed
 * that is taken meanwhile is theirs to change (`codeTaken`); a generated one that collides with a
 * concurrent insert is simply generated again, a few times.
 */
export async function createWithUniqueCode<T>(typedCode: string | undefined, codeTaken: () => Error, create: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (typedCode || attempt >= GENERATE_ATTEMPTS) throw codeTaken();
    }
  }
}
