import { hash, verify } from '@node-rs/argon2';

// argon2id with the parameters of docs/architecture.md §11 Accounts and sessions (OWASP's recommendation): 19 MiB, 2 passes, 1 lane.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
