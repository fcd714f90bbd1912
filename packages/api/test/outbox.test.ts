import { enqueueEmail } from "@hyn/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../src/testing";

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

describe("the e-mail outbox", () => {
  it("sends in the order e-mails were queued, and logs each send", async () => {
    for (let i = 0; i < 30; i++) {
      h.clock.advance(1);
      await enqueueEmail(h.db, h.clock.now(), { type: "test", to: "order@example.com", subject: `#${i}`, text: "t", html: "<p>t</p>" });
    }
    expect(await h.deliver()).toBe(30);
    expect(h.inbox("order@example.com").map((m) => m.subject)).toEqual(Array.from({ length: 30 }, (_v, i) => `#${i}`));
    expect(await h.deliver()).toBe(0);
  });
});
