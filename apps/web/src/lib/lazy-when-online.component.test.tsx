// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { Component, Suspense, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserSays } from "../test/browser-network";
import { lazyWhenOnline } from "./lazy-when-online";

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>The page failed</p> : this.props.children;
  }
}

/** A part whose first `failures` loads fail as a chunk does without a network. */
function partFailing(failures: number) {
  let calls = 0;
  const Part = lazyWhenOnline(() => {
    calls += 1;
    if (calls <= failures) return Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    return Promise.resolve({ default: () => <p>The card menu</p> });
  });
  render(
    <Boundary>
      <Suspense fallback={<p>Loading</p>}>
        <Part />
      </Suspense>
    </Boundary>,
  );
  return { calls: () => calls };
}

afterEach(() => {
  cleanup();
  browserSays(true);
});

describe("a part of a screen first shown while offline", () => {
  it("waits under its fallback and appears when the network comes back, the page staying", async () => {
    browserSays(false);
    const part = partFailing(1);
    expect(await screen.findByText("Loading")).toBeTruthy();
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByText("The page failed")).toBeNull();
    expect(part.calls()).toBe(1);
    await act(async () => {
      browserSays(true);
    });
    expect(await screen.findByText("The card menu")).toBeTruthy();
    expect(part.calls()).toBe(2);
  });

  it("fails as before when the load fails online (a real error: a chunk gone after an upgrade)", async () => {
    browserSays(true);
    // React reports the error its boundary caught: expected here, so not one of the setup's failures.
    vi.mocked(console.error).mockImplementation(() => undefined);
    partFailing(1);
    expect(await screen.findByText("The page failed")).toBeTruthy();
  });
});
