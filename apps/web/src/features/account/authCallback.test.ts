import englishAuth from "@hyn/i18n/catalogs/auth/en.json";
import { describe, expect, it, vi } from "vitest";
import { classifyLink, verificationFailure, verifyOnce } from "./authCallback";

describe("the auth callback link", () => {
  it("sends recovery links to the reset form with the token, encoded", () => {
    expect(classifyLink("a/b+c", "recovery")).toEqual({ kind: "recovery", to: "/reset-password?token=a%2Fb%2Bc" });
  });

  it("verifies signup links, and refuses missing tokens and unknown types with the spec's texts", () => {
    expect(classifyLink("tok", "signup")).toEqual({ kind: "verify", tokenHash: "tok" });
    expect(classifyLink(null, "signup")).toEqual({ kind: "error", message: "auth.callbackInvalidLink", to: "/login" });
    expect(classifyLink("", "recovery")).toEqual({ kind: "error", message: "auth.callbackInvalidLink", to: "/login" });
    expect(classifyLink("tok", "magiclink")).toEqual({
      kind: "error",
      message: "auth.callbackUnknownType",
      to: "/login",
    });
    expect(classifyLink("tok", null)).toEqual({ kind: "error", message: "auth.callbackUnknownType", to: "/login" });
    // The callback's own texts, in English.
    expect([englishAuth.callbackInvalidLink, englishAuth.callbackUnknownType, englishAuth.callbackFailed]).toEqual([
      "Invalid authentication link",
      "Unknown authentication type",
      "Authentication failed",
    ]);
  });

  it("sends a refused token back to sign up and any other failure to log in", () => {
    expect(verificationFailure(400)).toEqual({
      kind: "error",
      message: "verificationLinkExpired",
      to: "/signup",
      offerResend: true,
    });
    expect(verificationFailure(500)).toEqual({ kind: "error", message: "auth.callbackFailed", to: "/login" });
    expect(verificationFailure(undefined)).toEqual({ kind: "error", message: "auth.callbackFailed", to: "/login" });
  });

  it("spends a token once however many times the page asks", async () => {
    const verify = vi.fn(async () => verificationFailure(500));
    const [first, second] = await Promise.all([verifyOnce("once", verify), verifyOnce("once", verify)]);
    expect(second).toBe(first);
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
