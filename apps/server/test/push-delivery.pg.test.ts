import {
  useHarness,
  groupWith,
  browserSubscription,
  decryptAes128gcm,
  startLocalPushService,
  type BrowserSubscription,
  type LocalPushService,
  type Neighbour,
} from "@hyn/api/testing";
import { PUSH_DELIVERY_QUEUE, queuePush, silentLogger, type JobQueue, type PushPayload } from "@hyn/core";
import { afterEach, describe, expect, it } from "vitest";
import { startJobEngine, type JobEngine } from "../src/jobs/engine";
import { definePushDelivery } from "../src/jobs/push-delivery";
import { hoursAfter } from "./support/time";

// The services queue pushes on the first engine; both engines' workers take jobs. Other work they
// queue (the reminders of the requests posted here) is not this test's subject and stays out.
const engines: JobEngine[] = [];
const jobs: JobQueue = {
  send: async (name, data, options) => (name === PUSH_DELIVERY_QUEUE ? engines[0]!.send(name, data, options) : null),
};
const h = useHarness({ jobs });
let service: LocalPushService | undefined;
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  await service?.close();
});

/** Resolves once `count` pushes arrived and no more came for a while; fails after `timeoutMs`. */
async function settled(received: unknown[], count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  // Long enough for a second instance's duplicate, were there one, to arrive (each polls every 0.5 s).
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

describe("pushes on two instances", () => {
  it("each event reaches each device exactly once, whichever instance sends it", async () => {
    service = await startLocalPushService();
    for (let i = 0; i < 2; i++) {
      const engine = await startJobEngine(h.handle, silentLogger, { pollingIntervalSeconds: 0.5 });
      await definePushDelivery(engine, { db: h.db, clock: h.clock, logger: silentLogger, push: h.config.push! });
      engines.push(engine);
    }

    const ann = await h.signUpUser({ name: "Ann" });
    const members: Neighbour[] = [];
    const browsers: BrowserSubscription[] = [];
    for (const name of ["Bo", "Cy"]) {
      const member = await h.signUpUser({ name });
      await member.caller.user.updateEmailPreferences({ frequency: "immediate" });
      for (const device of ["phone", "laptop"]) {
        const browser = browserSubscription(`${service.origin}/push/${name}-${device}`);
        await member.caller.push.subscribe({ ...browser.json, label: device });
        browsers.push(browser);
      }
      members.push(member);
    }
    const group = await groupWith(h, ann, members);
    const neededBy = hoursAfter(h.clock, 72);
    const items = ["Milk", "Bread", "Eggs"];
    for (const itemDescription of items)
      await ann.caller.requests.create({ itemDescription, groupId: group.id, neededBy });

    // The same event queued twice in one transaction is still one job per device (its singleton key).
    const payload: PushPayload = {
      kind: "new_requests",
      title: "Twice",
      body: "Queued twice",
      url: `${h.config.appUrl}/`,
      tag: "twice",
    };
    await h.db.transaction(async (tx) => {
      expect(await queuePush(tx, jobs, { userId: members[0]!.user.id, event: "twice", payload })).toBe(2);
      await queuePush(tx, jobs, { userId: members[0]!.user.id, event: "twice", payload });
    });

    const expected = items.length * browsers.length + 2;
    await settled(service.received, expected);
    expect(service.received).toHaveLength(expected);
    const deliveries = service.received.map((push) => {
      const browser = browsers.find((b) => new URL(b.json.endpoint).pathname === push.path)!;
      return `${push.path} ${(JSON.parse(decryptAes128gcm(push.body, browser)) as PushPayload).body}`;
    });
    expect(new Set(deliveries).size).toBe(expected);
    expect(deliveries.filter((d) => d.endsWith("Queued twice"))).toHaveLength(2);
  }, 60_000);

  it("a post's pushes wake the other instance's worker when it commits: its neighbours hear within seconds, not at the poll (issue 44)", async () => {
    service = await startLocalPushService();
    // The first instance queues and has no push worker; the second's polls only every minute.
    for (const worker of [false, true]) {
      const engine = await startJobEngine(h.handle, silentLogger, { pollingIntervalSeconds: 60 });
      if (worker)
        await definePushDelivery(engine, { db: h.db, clock: h.clock, logger: silentLogger, push: h.config.push! });
      engines.push(engine);
    }
    const ann = await h.signUpUser({ name: "Ann" });
    const members: Neighbour[] = [];
    for (let i = 0; i < 5; i++) {
      const member = await h.signUpUser({ frequency: "immediate" });
      const browser = browserSubscription(`${service.origin}/push/${member.user.id}`);
      await member.caller.push.subscribe({ ...browser.json, label: "Phone" });
      members.push(member);
    }
    const group = await groupWith(h, ann, members);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const posted = Date.now();
    await ann.caller.requests.create({ itemDescription: "Milk", groupId: group.id, neededBy: hoursAfter(h.clock, 72) });
    while (service.received.length < members.length && Date.now() - posted < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(service.received).toHaveLength(members.length);
    expect(Date.now() - posted).toBeLessThan(3_000);
  }, 60_000);
});
