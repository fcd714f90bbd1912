// @vitest-environment happy-dom
import { onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { browserSays, setBrowserOnline } from "../test/browser-network";
import { startOnlineTracking } from "./online";

afterEach(() => {
  browserSays(true);
});

describe("startOnlineTracking", () => {
  it("starts from the browser's flag, so a page opened offline waits for the network", () => {
    setBrowserOnline(false);
    startOnlineTracking();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it("hears the network come back before the query client has mounted (the app is still starting)", () => {
    setBrowserOnline(false);
    startOnlineTracking();
    // Nothing has subscribed to the online manager yet: React has not rendered the provider.
    browserSays(true);
    expect(onlineManager.isOnline()).toBe(true);
    browserSays(false);
    expect(onlineManager.isOnline()).toBe(false);
  });
});
