import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP baseline: 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Verify against a fixed hash when there is none, so unknown and known emails take the same time.
  const target = passwordHash ?? (await dummyHash());
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== null;
}

let dummy: Promise<string> | undefined;
function dummyHash() {
  dummy ??= hash('amp-timing-equaliser', OPTIONS);
  return dummy;
}
