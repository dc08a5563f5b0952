import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's defaults are argon2id (m=19 MiB, t=2, p=1), the OWASP baseline.
export const hashPassword = (plain: string) => hash(plain);
export const verifyPassword = (stored: string, plain: string) => verify(stored, plain);

/** Spent on unknown logins so that "no such user" takes as long as "wrong password". */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(plain: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-0');
  await verify(await dummyHash, plain);
}
