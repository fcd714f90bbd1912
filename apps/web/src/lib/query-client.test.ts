// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { browserSays, setBrowserOnline } from "../test/browser-network";
import { startOnlineTracking } from "./online";
import { createQueryClient } from "./query-client";

afterEach(() => {
  browserSays(true);
});

describe("createQueryClient", () => {
  it("resumes a query paused at start-up when the network comes back before React has rendered", async () => {
    setBrowserOnline(false);
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
