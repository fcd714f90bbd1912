import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeUnsubscribeKey, generateUnsubscribeKey, signUnsubscribeToken, verifyUnsubscribeToken } from "./token";

const key = decodeUnsubscribeKey(generateUnsubscribeKey());
const ada = "0b6f3a52-5c1e-4c2a-9f51-1d2e3f4a5b6c";
const bea = "9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";
const elmStreet = "11111111-2222-4333-8444-555555555555";

/** Flips one bit of the byte at `index` of the token's bytes. */
function flipByte(token: string, index: number): string {
  const bytes = Buffer.from(token, "base64url");
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString("base64url");
}

describe("unsubscribe tokens", () => {
  it("carry a person and a kind, or a person and a group, back out", () => {
    expect(
      verifyUnsubscribeToken(key, signUnsubscribeToken(key, { userId: ada, scope: { kind: "request_updates" } })),
    ).toEqual({
      userId: ada,
      scope: { kind: "request_updates" },
    });
    expect(
      verifyUnsubscribeToken(key, signUnsubscribeToken(key, { userId: bea, scope: { groupId: elmStreet } })),
    ).toEqual({
      userId: bea,
      scope: { groupId: elmStreet },
    });
  });

  it("are short enough for a header line and URL-safe", () => {
    const token = signUnsubscribeToken(key, { userId: ada, scope: { groupId: elmStreet } });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.length).toBeLessThan(100);
  });

  it("refuse one signed with another key (forged)", () => {
    const forged = signUnsubscribeToken(decodeUnsubscribeKey(generateUnsubscribeKey()), {
      userId: ada,
      scope: { kind: "new_requests" },
    });
    expect(verifyUnsubscribeToken(key, forged)).toBeNull();
  });

  it("refuse any altered byte, of the payload or of the signature", () => {
    const token = signUnsubscribeToken(key, { userId: ada, scope: { groupId: elmStreet } });
    const length = Buffer.from(token, "base64url").length;
    for (let index = 0; index < length; index++) expect(verifyUnsubscribeToken(key, flipByte(token, index))).toBeNull();
  });

  it("refuse another person's scope swapped into a token (the signature covers person and scope together)", () => {
    const adas = Buffer.from(signUnsubscribeToken(key, { userId: ada, scope: { groupId: elmStreet } }), "base64url");
    const beas = Buffer.from(signUnsubscribeToken(key, { userId: bea, scope: { kind: "thanks" } }), "base64url");
    // Ada's person, Bea's scope and signature; and Bea's payload with Ada's signature.
    const swapped = Buffer.concat([adas.subarray(0, 17), beas.subarray(17)]).toString("base64url");
    const resigned = Buffer.concat([beas.subarray(0, beas.length - 32), adas.subarray(adas.length - 32)]).toString(
      "base64url",
    );
    expect(verifyUnsubscribeToken(key, swapped)).toBeNull();
    expect(verifyUnsubscribeToken(key, resigned)).toBeNull();
  });

  it("refuse a truncated token, an extended one, and ones that are not base64url", () => {
    const token = signUnsubscribeToken(key, { userId: ada, scope: { kind: "reminders" } });
    for (let cut = 1; cut < token.length; cut++)
      expect(verifyUnsubscribeToken(key, token.slice(0, token.length - cut))).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}A`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token.slice(0, 10)}+/${token.slice(12)}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, "")).toBeNull();
    expect(verifyUnsubscribeToken(key, "x".repeat(500))).toBeNull();
  });

  it("refuse a correctly signed payload of another version or an unknown scope", () => {
    const signed = (payload: Buffer) =>
      Buffer.concat([payload, createHmac("sha256", key).update(payload).digest()]).toString("base64url");
    const valid = Buffer.from(signUnsubscribeToken(key, { userId: ada, scope: { kind: "thanks" } }), "base64url");
    const payload = Buffer.from(valid.subarray(0, valid.length - 32));
    expect(verifyUnsubscribeToken(key, signed(payload))).toEqual({ userId: ada, scope: { kind: "thanks" } });
    expect(verifyUnsubscribeToken(key, signed(Buffer.concat([Buffer.from([2]), payload.subarray(1)])))).toBeNull();
    expect(verifyUnsubscribeToken(key, signed(Buffer.concat([payload.subarray(0, 18), Buffer.from([99])])))).toBeNull();
    expect(
      verifyUnsubscribeToken(key, signed(Buffer.concat([payload.subarray(0, 17), Buffer.from([7, 1])]))),
    ).toBeNull();
    expect(verifyUnsubscribeToken(key, signed(Buffer.concat([payload, Buffer.from([0])])))).toBeNull();
  });
});
