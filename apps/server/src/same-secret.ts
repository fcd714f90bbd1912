import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether an `Authorization: Bearer <secret>` header carries `expected`, compared in constant time
 * (both sides hashed first, so not even the secret's length shows in the timing).
 */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected)) && presented.length > 0;
}
