import { describe, expect, it } from "vitest";
import { registerPushHandlers } from "./push-handlers";

interface Shown {
  title: string;
  options: NotificationOptions;
}

/** A service worker's scope as far as the push handler uses it: its events, its origin, and showNotification. */
function fakeScope() {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Shown[] = [];
  const scope = {
    location: { origin: "https://hyn.example" },
    registration: {
      showNotification: (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  registerPushHandlers(scope as unknown as ServiceWorkerGlobalScope);
  /** Delivers a push whose body is `text` (null: a push without data) and waits for what it shows. */
  async function push(text: string | null): Promise<Shown> {
    const waits: Promise<unknown>[] = [];
    const data =
      text === null
        ? null
        : {
            json: () => JSON.parse(text) as unknown,
            text: () => text,
          };
    listeners.get("push")!({ data, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
    expect(shown).toHaveLength(1);
    return shown.pop()!;
  }
  return { push };
}

const GENERIC = { title: "Help Your Neighbor", body: "You have a new notification." };

describe("the service worker's push handler (issue 40: a release's worker meets the next release's pushes)", () => {
  it("shows a notification of a kind it knows as the server wrote it", async () => {
    const { push } = fakeScope();
    const shown = await push(
      JSON.stringify({ kind: "new_requests", title: "Milk", body: "Ann needs milk", url: "/requests/1", tag: "r1" }),
    );
    expect(shown.title).toBe("Milk");
    expect(shown.options).toMatchObject({
      body: "Ann needs milk",
      tag: "r1",
      data: { url: "https://hyn.example/requests/1" },
    });
  });

  it("shows a kind a newer server added with its own words, never failing on it", async () => {
    const { push } = fakeScope();
    const shown = await push(
      JSON.stringify({ kind: "kind_from_the_future", title: "Something new", body: "Look", url: "/x", tag: "" }),
    );
    expect(shown.title).toBe("Something new");
    expect(shown.options.body).toBe("Look");
  });

  it.each([
    ["a payload of a newer shape", JSON.stringify({ kind: "kind_from_the_future", title: { key: "x" }, body: 1 })],
    ["a payload that is not JSON", "not json"],
    ["a JSON null", "null"],
    ["a push without data", null],
  ])("shows a generic notification for %s", async (_, text) => {
    const { push } = fakeScope();
    const shown = await push(text);
    expect({ title: shown.title, body: shown.options.body }).toEqual(GENERIC);
    expect(shown.options.data).toMatchObject({ url: "https://hyn.example/" });
  });

  it("opens the dashboard for a page on another origin or an address that is not a string", async () => {
    const { push } = fakeScope();
    for (const url of ["https://evil.example/x", 42]) {
      const shown = await push(JSON.stringify({ kind: "thanks", title: "T", body: "B", url }));
      expect(shown.options.data).toMatchObject({ url: "https://hyn.example/" });
    }
  });
});
