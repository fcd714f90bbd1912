// @vitest-environment happy-dom
import { onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { startOnlineTracking } from "./online";

/** The browser's network flag and its event, as Chromium sets them when the network comes back. */
function browserSays(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

afterEach(() => {
  browserSays(true);
});

describe("startOnlineTracking", () => {
  it("starts from the browser's flag, so a page opened offline waits for the network", () => {
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    startOnlineTracking();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it("hears the network come back before the query client has mounted (the app is still starting)", () => {
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    startOnlineTracking();
    // Nothing has subscribed to the online manager yet: React has not rendered the provider.
    browserSays(true);
    expect(onlineManager.isOnline()).toBe(true);
    browserSays(false);
    expect(onlineManager.isOnline()).toBe(false);
  });
});
