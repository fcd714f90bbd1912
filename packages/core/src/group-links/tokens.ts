import { createHmac } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { Executor } from "@hyn/db";
import { loadOrCreateSecret } from "../shared/app-secrets";
import { generateToken } from "../shared/tokens";

/** The key every instance derives group-link tokens with, generated once and kept in app_secrets (ADR 0021). */
export function loadGroupLinkKey(executor: Executor): Promise<string> {
  return loadOrCreateSecret(executor, "group_link_key", generateToken);
}

/**
 * A link's token is HMAC-SHA256(key, "group-link:<link id>"), cut to 160 bits like every other token:
 * the owner can see the link again, yet the database holds only its hash, and neither the id nor the
 * hash gives the token without the key (the calendar feed's scheme, feed-tokens.ts).
 */
export function groupLinkToken(key: string, linkId: string): string {
  const mac = createHmac("sha256", key).update(`group-link:${linkId}`).digest();
  return encodeBase32LowerCaseNoPadding(mac.subarray(0, 20));
}
