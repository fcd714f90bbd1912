import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import type { NotificationKind } from "@hyn/validators/notification-kinds";

/**
 * Unsubscribe tokens (ADR 0015): `base64url(payload || HMAC-SHA256(key, payload))`, where the payload is
 *
 *   version (1 byte) | user id (16 bytes) | scope tag (1 byte) | scope (1 byte: a kind; 16 bytes: a group)
 *
 * Version 1 means "HMAC-SHA256 with the `unsubscribe-signing-key` secret"; a new key or layout takes a new
 * version, so old links are told apart instead of failing to verify by accident. No expiry: a link in an
 * old e-mail keeps working. Nothing is stored: the signature alone proves who and what.
 */

export type UnsubscribeScope = { kind: NotificationKind } | { groupId: string };

export interface UnsubscribeClaim {
  userId: string;
  scope: UnsubscribeScope;
}

const VERSION = 1;
const MAC_BYTES = 32;
const SCOPE_KIND = 1;
const SCOPE_GROUP = 2;

/** Each kind's byte in a token. Written into e-mails that live for years: never renumber, only add. */
const KIND_CODES: Record<NotificationKind, number> = {
  request_updates: 1,
  new_requests: 2,
  invitations: 3,
  reminders: 4,
  thanks: 5,
  still_needed: 6,
  given_back: 7,
  trips: 8,
  while_away: 9,
  link_joins: 10,
};
const KIND_OF_CODE = new Map(Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as NotificationKind]));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return Buffer.from(id.replace(/-/g, ""), "hex");
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Given raw bytes, createHmac makes a key object on every call (about 40 µs under load, against 4 µs
 * with one made once; every notice signs one or two links): one is kept per key.
 */
const keyObjects = new WeakMap<Uint8Array, KeyObject>();

function mac(key: Uint8Array, payload: Buffer): Buffer {
  let secret = keyObjects.get(key);
  if (!secret) keyObjects.set(key, (secret = createSecretKey(key)));
  return createHmac("sha256", secret).update(payload).digest();
}

export function signUnsubscribeToken(key: Uint8Array, claim: UnsubscribeClaim): string {
  const scope =
    "kind" in claim.scope
      ? Buffer.from([SCOPE_KIND, KIND_CODES[claim.scope.kind]])
      : Buffer.concat([Buffer.from([SCOPE_GROUP]), uuidBytes(claim.scope.groupId)]);
  const payload = Buffer.concat([Buffer.from([VERSION]), uuidBytes(claim.userId), scope]);
  return Buffer.concat([payload, mac(key, payload)]).toString("base64url");
}

/** The claim a token carries, or null when it was not made with this key and layout (forged, altered, cut). */
export function verifyUnsubscribeToken(key: Uint8Array, token: string): UnsubscribeClaim | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  // base64url decoding ignores a dangling character: only the canonical spelling of the bytes is accepted.
  if (bytes.toString("base64url") !== token || bytes.length <= MAC_BYTES) return null;
  const payload = bytes.subarray(0, bytes.length - MAC_BYTES);
  const given = bytes.subarray(bytes.length - MAC_BYTES);
  if (!timingSafeEqual(given, mac(key, payload))) return null;
  return parsePayload(payload);
}

function parsePayload(payload: Buffer): UnsubscribeClaim | null {
  if (payload[0] !== VERSION || payload.length < 18) return null;
  const userId = uuidOf(payload.subarray(1, 17));
  const tag = payload[17];
  if (tag === SCOPE_KIND && payload.length === 19) {
    const kind = KIND_OF_CODE.get(payload[18]!);
    return kind ? { userId, scope: { kind } } : null;
  }
  if (tag === SCOPE_GROUP && payload.length === 34)
    return { userId, scope: { groupId: uuidOf(payload.subarray(18, 34)) } };
  return null;
}

/** A fresh signing key, as stored in app_secrets (base64url of 32 random bytes). */
export function generateUnsubscribeKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64url");
}

export function decodeUnsubscribeKey(stored: string): Uint8Array {
  return Buffer.from(stored, "base64url");
}
