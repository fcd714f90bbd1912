import { availableParallelism } from "node:os";
import { AppError } from "../shared/errors";
import { hash, verify } from "@node-rs/argon2";
import { createGate } from "../shared/gate";
import { dictionary } from "@zxcvbn-ts/language-common";

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. Algorithm 2 = argon2id.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes run at once; the rest wait their turn. Each takes 19 MiB and a whole core,
 * so more than the cores only adds memory (a sign-in burst drove the server's RSS past its budget,
 * docs/PERFORMANCE.md), and argon2 shares libuv's 4 threads with file reads, which must not starve.
 */
const HASHING_SLOTS = Math.max(1, Math.min(availableParallelism(), 3));
const hashing = createGate(HASHING_SLOTS);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("dummy-password-for-timing");
  await verifyPassword(await dummyHash, password);
}

/** The 1,000 most common passwords, from zxcvbn's frequency-ranked list. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary["passwords-common"].slice(0, 1000));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Sign-up, reset and change refuse a password from that list. */
export function assertNotCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new AppError("BAD_REQUEST", "commonPassword");
}
