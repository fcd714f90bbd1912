// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { startOnlineTracking } from "./online";
import { createQueryClient } from "./query-client";

/** The browser's network flag and its event, as Chromium sets them when the network comes back. */
function browserSays(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

afterEach(() => {
  browserSays(true);
});

describe("createQueryClient", () => {
  it("resumes a query paused at start-up when the network comes back before React has rendered", async () => {
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    startOnlineTracking();
    const queryClient = createQueryClient();
    let asked = 0;
    const session = queryClient.fetchQuery({
      queryKey: ["session"],
      queryFn: () => Promise.resolve(++asked),
    });
    await Promise.resolve();
    expect(queryClient.getQueryState(["session"])?.fetchStatus).toBe("paused");
    expect(asked).toBe(0);
    // No provider has mounted the client: the page is still starting.
    browserSays(true);
    await expect(session).resolves.toBe(1);
  });
});
