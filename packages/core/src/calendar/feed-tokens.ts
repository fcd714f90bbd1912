import { createHmac } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { Executor } from "@hyn/db";
import { loadOrCreateSecret } from "../shared/app-secrets";
import { generateToken } from "../shared/tokens";

/** The key every instance derives feed tokens with, generated once and kept in app_secrets. */
export function loadFeedKey(executor: Executor): Promise<string> {
  return loadOrCreateSecret(executor, "calendar_feed_key", generateToken);
}

/**
 * A feed token is HMAC-SHA256(key, "<user id>:<seed>"), cut to 160 bits like every other token here:
 * the profile can show the link again without the token being stored, and neither the seed nor the
 * stored hash gives the token without the key.
 */
export function feedToken(key: string, userId: string, seed: string): string {
  const mac = createHmac("sha256", key).update(`${userId}:${seed}`).digest();
  return encodeBase32LowerCaseNoPadding(mac.subarray(0, 20));
}

/** A fresh seed: a new link, unrelated to the one before. */
export const newFeedSeed = generateToken;
