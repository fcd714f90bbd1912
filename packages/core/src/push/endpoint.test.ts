import { describe, expect, it } from "vitest";
import { isAppError } from "../shared/errors";
import { messages } from "@hyn/validators";
import { defaultPushConfig } from "../shared/push-config";
import { checkEndpointUrl, checkPushEndpoint, isAllowedPushHost, isPublicAddress } from "./endpoint";

const production = defaultPushConfig;
const development = { ...defaultPushConfig, allowLoopbackHttp: true };

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    if (isAppError(error) && error.code === "BAD_REQUEST") return error.message;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("isPublicAddress", () => {
  it.each([
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "127.0.0.1",
    "127.9.9.9",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd12:3456::1",
    "fc00::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "not an address",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["142.250.74.10", "8.8.8.8", "172.32.0.1", "2a00:1450:4009:81f::200a", "::ffff:142.250.74.10"])(
    "%s is public",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("isAllowedPushHost", () => {
  const hosts = production.serviceHosts;
  it.each([
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "web.push.apple.com",
    "wns2-par02p.notify.windows.com",
    "FCM.googleapis.com.",
  ])("%s is a push service", (host) => {
    expect(isAllowedPushHost(host, hosts)).toBe(true);
  });
  it.each([
    "push.apple.com.evil.example",
    "evilpush.apple.com",
    "googleapis.com",
    "fcm.googleapis.com.evil.example",
    "notify.windows.com",
    "localhost",
  ])("%s is not", (host) => {
    expect(isAllowedPushHost(host, hosts)).toBe(false);
  });
});

describe("checkEndpointUrl", () => {
  it("accepts https on an allow-listed host", () => {
    expect(checkEndpointUrl("https://fcm.googleapis.com/fcm/send/abc", production).loopback).toBe(false);
  });

  it.each([
    ["http on a push service", "http://fcm.googleapis.com/fcm/send/abc", messages.pushEndpointNotAllowed],
    ["another host", "https://example.com/push", messages.pushEndpointNotAllowed],
    ["an IP literal", "https://142.250.74.10/push", messages.pushEndpointNotAllowed],
    ["another port", "https://fcm.googleapis.com:8443/fcm/send/abc", messages.pushEndpointNotAllowed],
    ["credentials in the URL", "https://user:pw@fcm.googleapis.com/fcm/send/abc", messages.pushEndpointInvalid],
    ["a file URL", "file:///etc/passwd", messages.pushEndpointNotAllowed],
    ["not a URL", "fcm.googleapis.com/abc", messages.pushEndpointInvalid],
  ])("refuses %s", async (_name, endpoint, message) => {
    expect(await refusal(() => checkEndpointUrl(endpoint, production))).toBe(message);
  });

  it("accepts http on loopback only in development and tests", async () => {
    for (const endpoint of [
      "http://127.0.0.1:4000/push/1",
      "http://localhost:4000/push/1",
      "http://[::1]:4000/push/1",
    ]) {
      expect(checkEndpointUrl(endpoint, development).loopback).toBe(true);
      expect(await refusal(() => checkEndpointUrl(endpoint, production))).toBe(messages.pushEndpointNotAllowed);
    }
    expect(await refusal(() => checkEndpointUrl("http://192.168.1.5:4000/push/1", development))).toBe(
      messages.pushEndpointNotAllowed,
    );
  });
});

describe("checkPushEndpoint resolves the host", () => {
  const endpoint = "https://fcm.googleapis.com/fcm/send/abc";

  it("accepts a host whose every address is public", async () => {
    await expect(
      checkPushEndpoint(endpoint, production, async () => ["142.250.74.10", "2a00:1450:4009:81f::200a"]),
    ).resolves.toMatchObject({ loopback: false });
  });

  it.each([
    ["10.0.0.5"],
    ["169.254.169.254"],
    ["::1"],
    ["fd00::5"],
    ["::ffff:192.168.0.1"],
    ["142.250.74.10", "127.0.0.1"],
  ])(
    "refuses an allow-listed name that resolves to %s (DNS rebinding or a poisoned resolver)",
    async (...addresses) => {
      expect(await refusal(checkPushEndpoint(endpoint, production, async () => addresses))).toBe(
        messages.pushEndpointNotPublic,
      );
    },
  );

  it("refuses a name that does not resolve", async () => {
    expect(
      await refusal(checkPushEndpoint(endpoint, production, async () => Promise.reject(new Error("ENOTFOUND")))),
    ).toBe(messages.pushEndpointUnresolvable);
  });

  it("a loopback endpoint must resolve to loopback", async () => {
    await expect(
      checkPushEndpoint("http://localhost:9/p", development, async () => ["127.0.0.1", "::1"]),
    ).resolves.toMatchObject({ loopback: true });
    expect(await refusal(checkPushEndpoint("http://localhost:9/p", development, async () => ["10.0.0.1"]))).toBe(
      messages.pushEndpointNotPublic,
    );
  });
});
