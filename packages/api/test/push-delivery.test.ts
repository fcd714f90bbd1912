import {
  deliverPush,
  deliverPushes,
  PUSH_DELIVERY_QUEUE,
  PUSH_SENDS_PER_SERVICE,
  PushRetryableError,
  setKindChannels,
  silentLogger,
  type PushJob,
  type PushPayload,
} from "@hyn/core";
import { pushSubscriptions, users } from "@hyn/db";
import { messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  useHarness,
  failure,
  groupWith,
  type Neighbour,
  browserSubscription,
  decryptAes128gcm,
  RecordingJobQueue,
  startLocalPushService,
  verifyVapid,
  type BrowserSubscription,
  type LocalPushService,
} from "./support";

const queue = new RecordingJobQueue(PUSH_DELIVERY_QUEUE);
const h = useHarness({ scope: "file", jobs: queue });
let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(async () => {
  await service.close();
});
beforeEach(() => {
  queue.take();
  service.received.length = 0;
});

const inThreeDays = () => h.inHours(72);
const deliveryDeps = () => ({ db: h.db, clock: h.clock, logger: silentLogger, push: h.config.push! });

/** A neighbour who hears of new requests at once. */
const neighbour = (name?: string) => h.signUpUser({ ...(name === undefined ? {} : { name }), frequency: "immediate" });

/** Subscribes one of `someone`'s browsers to the local push service. */
async function subscribeDevice(
  someone: Neighbour,
  label = "Test browser",
): Promise<{ browser: BrowserSubscription; id: string }> {
  const browser = browserSubscription(`${service.origin}/push/${Math.random().toString(36).slice(2)}`);
  const device = await someone.caller.push.subscribe({ ...browser.json, label });
  return { browser, id: device.id };
}

/** Runs every queued push job, as the job engine would. */
async function runPushJobs() {
  const names = queue.jobs.map((job) => job.name);
  expect(new Set(names)).toEqual(new Set(names.length ? [PUSH_DELIVERY_QUEUE] : []));
  const outcomes = [];
  for (const job of queue.take<PushJob>()) outcomes.push(await deliverPush(deliveryDeps(), job));
  return outcomes;
}

function payloadOf(index: number, browser: BrowserSubscription): PushPayload {
  return JSON.parse(decryptAes128gcm(service.received[index]!.body, browser)) as PushPayload;
}

describe("a push reaches a device through its push service", () => {
  it("a neighbour's new request: VAPID-signed for the push service's origin, encrypted for the device, with only what the notification shows", async () => {
    const poster = await neighbour("Ann");
    const member = await neighbour();
    const group = await groupWith(h, poster, [member], "Maple Street");
    const { browser } = await subscribeDevice(member);

    const request = await poster.caller.requests.create({
      itemDescription: "Oat milk",
      groupId: group.id,
      neededBy: inThreeDays(),
    });
    expect(await runPushJobs()).toEqual(["sent"]);

    expect(service.received).toHaveLength(1);
    const push = service.received[0]!;
    expect(push.path).toBe(new URL(browser.json.endpoint).pathname);
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.ttl).toBe(String(12 * 3600));
    expect(push.headers.urgency).toBe("normal");
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    const { publicKey } = await (await h.caller()).push.vapidPublicKey();
    const claims = verifyVapid(push.headers.authorization, publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toMatch(/^mailto:|^https:/);
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);

    const payload = payloadOf(0, browser);
    expect(payload).toEqual({
      kind: "new_requests",
      title: "New request in Maple Street",
      // Ann's first request in the group says so (issue 41 §3).
      body: "First request from Ann: Oat milk",
      url: `${h.config.appUrl}/requests/${request.id}`,
      tag: `request-${request.id}`,
    });
    const [device] = await member.caller.push.devices();
    expect(device!.lastSuccessAt).toEqual(h.clock.now());
  });

  it("never carries an address or a phone number: a person without a name is 'A neighbour'", async () => {
    const poster = await h.signUpUser();
    await h.db.update(users).set({ name: "", phone: "+44 20 7946 0000" }).where(eq(users.id, poster.user.id));
    const member = await neighbour("Bo");
    const group = await groupWith(h, poster, [member]);
    const { browser } = await subscribeDevice(member);
    await poster.caller.requests.create({ itemDescription: "Bread", groupId: group.id, neededBy: inThreeDays() });
    await runPushJobs();
    const plaintext = decryptAes128gcm(service.received[0]!.body, browser);
    expect(plaintext).not.toContain(poster.email);
    expect(plaintext).not.toContain(member.email);
    expect(plaintext).not.toContain("7946");
    expect(plaintext).not.toMatch(/@|token/i);
    expect(Object.keys(JSON.parse(plaintext) as object).sort()).toEqual(["body", "kind", "tag", "title", "url"]);
    expect((JSON.parse(plaintext) as PushPayload).body).toBe("First request from A neighbour: Bread");
  });

  it("tells the helper's devices when the requester says thank you", async () => {
    const ann = await neighbour("Ann");
    const bo = await neighbour("Bo");
    const group = await groupWith(h, ann, [bo], "Elm Row");
    const request = await ann.caller.requests.create({
      itemDescription: "Eggs",
      groupId: group.id,
      neededBy: inThreeDays(),
    });
    await bo.caller.requests.claim({ id: request.id });
    await bo.caller.requests.fulfill({ id: request.id });
    const { browser } = await subscribeDevice(bo);
    queue.take();

    await ann.caller.requests.thank({ id: request.id });
    expect(await runPushJobs()).toEqual(["sent"]);
    expect(payloadOf(0, browser)).toMatchObject({
      kind: "thanks",
      title: "Ann thanked you",
      body: "For helping with: Eggs (Elm Row)",
    });
  });

  it("tells the helper's devices when the requester skips the week of a repeating request they had taken", async () => {
    const ann = await neighbour("Ann");
    const bo = await neighbour("Bo");
    const group = await groupWith(h, ann, [bo], "Elm Row");
    const first = await ann.caller.requests.create({
      itemDescription: "Oat milk",
      groupId: group.id,
      neededBy: inThreeDays(),
      repeat: { every: "week" },
    });
    await bo.caller.requests.claim({ id: first.id });
    const { browser } = await subscribeDevice(bo);
    queue.take();

    await ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: first.id });
    // Two: the skip, and the next week's request, posted now (Bo hears of new requests at once).
    expect(await runPushJobs()).toEqual(["sent", "sent"]);
    const payloads = service.received.map((_, i) => payloadOf(i, browser));
    expect(payloads.map((p) => p.kind).sort()).toEqual(["new_requests", "reminders"]);
    const told = payloads.findIndex((p) => p.kind === "reminders");
    expect(payloads[told]).toEqual({
      kind: "reminders",
      title: "Nothing to get this time",
      body: "Ann does not need Oat milk this time (Elm Row)",
      // The occurrence is gone: a tap opens the app, not its page.
      url: `${h.config.appUrl}/`,
      tag: `request-${first.id}`,
    });
    expect(service.received[told]!.headers.urgency).toBe("high");
  });

  it("tells the requester's devices when a neighbour claims, releases and fulfils the request, urgently", async () => {
    const ann = await neighbour("Ann");
    const bo = await neighbour("Bo");
    const group = await groupWith(h, ann, [bo], "Elm Row");
    const request = await ann.caller.requests.create({
      itemDescription: "Eggs",
      groupId: group.id,
      neededBy: inThreeDays(),
    });
    const { browser } = await subscribeDevice(ann);
    queue.take();

    await bo.caller.requests.claim({ id: request.id });
    h.clock.advance(1000);
    await bo.caller.requests.unclaim({ id: request.id });
    h.clock.advance(1000);
    await bo.caller.requests.claim({ id: request.id });
    await bo.caller.requests.fulfill({ id: request.id });
    expect(await runPushJobs()).toEqual(["sent", "sent", "sent", "sent"]);
    expect(service.received.map((_, i) => payloadOf(i, browser).title)).toEqual([
      "Your request was claimed",
      "Your request is open again",
      "Your request was claimed",
      "Your request was fulfilled",
    ]);
    expect(payloadOf(0, browser)).toMatchObject({
      kind: "request_updates",
      body: "Bo will pick up: Eggs (Elm Row)",
      url: `${h.config.appUrl}/requests/${request.id}`,
    });
    expect(service.received[0]!.headers.urgency).toBe("high");
  });

  it("reaches each of a person's devices, and an invitation reaches an existing account's devices without its link", async () => {
    const owner = await neighbour("Olga");
    const invitee = await neighbour("Ivo");
    const phone = await subscribeDevice(invitee, "Phone");
    const laptop = await subscribeDevice(invitee, "Laptop");
    const group = await owner.caller.groups.create({ name: "Birch Close" });
    const invite = await owner.caller.invitations.create({ groupId: group.id, email: invitee.email });
    expect(await runPushJobs()).toEqual(["sent", "sent"]);
    const payloads = [payloadOf(0, phone.browser), payloadOf(1, laptop.browser)];
    for (const payload of payloads) {
      expect(payload).toMatchObject({
        kind: "invitations",
        title: "Invitation to Birch Close",
        body: "Olga invited you to join Birch Close.",
        url: `${h.config.appUrl}/`,
      });
      expect(JSON.stringify(payload)).not.toContain(invite.token);
    }
  });
});

describe("a batch of pushes (issue 44 §1)", () => {
  it("goes out side by side, at most PUSH_SENDS_PER_SERVICE at once to each push service, a failed one alone to be retried", async () => {
    const busy = await startLocalPushService({ answerDelayMs: 150 });
    const other = await startLocalPushService({ answerDelayMs: 150 });
    try {
      const poster = await neighbour("Ann");
      const members = [];
      for (let i = 0; i < PUSH_SENDS_PER_SERVICE + 4; i++) members.push(await neighbour());
      const onOther = [await neighbour(), await neighbour()];
      const group = await groupWith(h, poster, [...members, ...onOther], "Maple Street");
      for (const [someone, on] of [
        ...members.map((m) => [m, busy] as const),
        ...onOther.map((m) => [m, other] as const),
      ]) {
        const browser = browserSubscription(`${on.origin}/push/${someone.user.id}`);
        await someone.caller.push.subscribe({ ...browser.json, label: "Phone" });
      }
      await poster.caller.requests.create({ itemDescription: "Oat milk", groupId: group.id, neededBy: inThreeDays() });
      const jobs = queue.take<PushJob>();
      expect(jobs).toHaveLength(members.length + onOther.length);

      busy.answerNext(503);
      const started = Date.now();
      const outcomes = await deliverPushes(deliveryDeps(), jobs);
      const took = Date.now() - started;

      expect(outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value)).toEqual(
        Array(jobs.length - 1).fill("sent"),
      );
      const failed = outcomes.filter((o) => o.status === "rejected");
      expect(failed).toHaveLength(1);
      expect(failed[0]!.reason).toBeInstanceOf(PushRetryableError);
      expect(busy.received).toHaveLength(members.length);
      expect(other.received).toHaveLength(onOther.length);
      expect(new Set(busy.received.map((push) => push.path)).size).toBe(members.length);
      // The bound, reached on the busy service; the other service's pushes did not wait behind it.
      expect(busy.maxInFlight).toBe(PUSH_SENDS_PER_SERVICE);
      expect(other.maxInFlight).toBe(onOther.length);
      // Two rounds of 150 ms on the busy service, not one after another (14 x 150 ms).
      expect(took).toBeLessThan(jobs.length * 150);
    } finally {
      await busy.close();
      await other.close();
    }
  });
});

describe("join requests through a group link (issue 27)", () => {
  it("reach the owner's devices, and the answer reaches the asker's, with names and never an address", async () => {
    const owner = await neighbour("Olga");
    const asker = await neighbour("Ivo");
    const ownerPhone = await subscribeDevice(owner, "Phone");
    const askerPhone = await subscribeDevice(asker, "Phone");
    const group = await owner.caller.groups.create({ name: "Birch Close" });
    const { token } = await owner.caller.groupLinks.create({ groupId: group.id, approval: true });
    await asker.caller.invitations.joinByToken({ token });
    expect(await runPushJobs()).toEqual(["sent"]);
    const toOwner = payloadOf(0, ownerPhone.browser);
    expect(toOwner).toMatchObject({
      kind: "invitations",
      title: "Asking to join Birch Close",
      body: "Ivo asked to join Birch Close.",
      url: `${h.config.appUrl}/groups?highlight=${group.id}`,
    });
    expect(JSON.stringify(toOwner)).not.toContain(asker.email);
    expect(JSON.stringify(toOwner)).not.toContain(token);

    service.received.length = 0;
    const [request] = await owner.caller.groupLinks.joinRequests({ groupId: group.id });
    await owner.caller.groupLinks.approve({ groupId: group.id, joinRequestId: request!.id });
    expect(await runPushJobs()).toEqual(["sent"]);
    expect(payloadOf(0, askerPhone.browser)).toMatchObject({
      kind: "invitations",
      title: "You are in Birch Close",
      body: "The owner of Birch Close let you in.",
    });
  });
});

describe("preferences decide", () => {
  it("nothing is queued when the kind's push is off, while its e-mail still goes", async () => {
    const ann = await neighbour("Ann");
    const bo = await neighbour("Bo");
    const group = await groupWith(h, ann, [bo]);
    await subscribeDevice(bo);
    await setKindChannels(h.db, bo.user.id, "new_requests", { push: false }, h.clock.now());
    await ann.caller.requests.create({ itemDescription: "Tea", groupId: group.id, neededBy: inThreeDays() });
    expect(queue.jobs).toEqual([]);
    await h.deliver();
    expect(h.inbox(bo.email).some((m) => m.text.includes("Tea"))).toBe(true);
  });

  it("a requester with request updates off for push hears of a claim by e-mail only", async () => {
    const ann = await neighbour("Ann");
    const bo = await neighbour("Bo");
    const group = await groupWith(h, ann, [bo]);
    const request = await ann.caller.requests.create({
      itemDescription: "Soap",
      groupId: group.id,
      neededBy: inThreeDays(),
    });
    await subscribeDevice(ann);
    await setKindChannels(h.db, ann.user.id, "request_updates", { push: false }, h.clock.now());
    await bo.caller.requests.claim({ id: request.id });
    expect(queue.jobs).toEqual([]);
    await h.deliver();
    expect(h.inbox(ann.email).some((m) => m.text.includes("Soap"))).toBe(true);
  });

  it("a member whose group is not on Immediate gets no push for its new requests", async () => {
    const ann = await neighbour("Ann");
    const bo = await h.signUpUser({ name: "Bo" });
    await bo.caller.user.updateEmailPreferences({ frequency: "daily" });
    const group = await groupWith(h, ann, [bo]);
    await subscribeDevice(bo);
    await ann.caller.requests.create({ itemDescription: "Jam", groupId: group.id, neededBy: inThreeDays() });
    expect(queue.jobs).toEqual([]);
  });
});

describe("what the push service answers", () => {
  async function queuedPushToNewDevice() {
    const ann = await neighbour("Ann");
    const bo = await neighbour("Bo");
    const group = await groupWith(h, ann, [bo]);
    const device = await subscribeDevice(bo);
    await ann.caller.requests.create({ itemDescription: "Rice", groupId: group.id, neededBy: inThreeDays() });
    const [job] = queue.take<PushJob>();
    return { bo, device, job: job! };
  }

  it.each([404, 410])("%i: the browser dropped the subscription, so the device is removed", async (status) => {
    const { bo, job } = await queuedPushToNewDevice();
    service.answerNext(status);
    expect(await deliverPush(deliveryDeps(), job)).toBe("removed");
    expect(await bo.caller.push.devices()).toEqual([]);
  });

  it.each([500, 503, 429])("%i: the job fails so the engine retries it, and the device stays", async (status) => {
    const { bo, job } = await queuedPushToNewDevice();
    service.answerNext(status);
    await expect(deliverPush(deliveryDeps(), job)).rejects.toBeInstanceOf(PushRetryableError);
    expect(await bo.caller.push.devices()).toHaveLength(1);
    // The retry succeeds.
    expect(await deliverPush(deliveryDeps(), job)).toBe("sent");
  });

  it("no push service listening: the job fails and is retried", async () => {
    const { job } = await queuedPushToNewDevice();
    const closed = await startLocalPushService();
    await closed.close();
    await h.db
      .update(pushSubscriptions)
      .set({ endpoint: `${closed.origin}/push/gone` })
      .where(eq(pushSubscriptions.id, job.subscriptionId));
    await expect(deliverPush(deliveryDeps(), job)).rejects.toBeInstanceOf(PushRetryableError);
  });

  it("a name that now resolves to a private address (DNS rebinding) is never connected to, nor retried", async () => {
    const { job } = await queuedPushToNewDevice();
    const rebound = {
      ...deliveryDeps(),
      push: { ...h.config.push!, allowLoopbackHttp: false, serviceHosts: ["push.example.net"] },
    };
    await h.db
      .update(pushSubscriptions)
      .set({ endpoint: "https://push.example.net/p/1" })
      .where(eq(pushSubscriptions.id, job.subscriptionId));
    expect(await deliverPush({ ...rebound, resolve: async () => ["10.0.0.7"] }, job)).toBe("refused");
    expect(service.received).toEqual([]);
  });

  it("an endpoint whose host is no longer allowed: the device is removed, said once, and later pushes find it gone", async () => {
    const { bo, job } = await queuedPushToNewDevice();
    const said: string[] = [];
    const recording = {
      ...silentLogger,
      info: (_: object, message?: string) => void said.push(message ?? ""),
      warn: (_: object, message?: string) => void said.push(message ?? ""),
    };
    const narrowed = { ...deliveryDeps(), logger: recording, push: { ...h.config.push!, allowLoopbackHttp: false } };
    expect(await deliverPush(narrowed, job)).toBe("removed");
    expect(await bo.caller.push.devices()).toEqual([]);
    expect(await deliverPush(narrowed, job)).toBe("gone");
    expect(await deliverPush(narrowed, job)).toBe("gone");
    expect(said).toEqual(["push subscription removed: its endpoint is no longer allowed"]);
    expect(service.received).toEqual([]);
  });

  it("a device that moved to another person since the event is not sent that person's neighbour's news", async () => {
    const { device, job } = await queuedPushToNewDevice();
    const eve = await neighbour("Eve");
    await eve.caller.push.subscribe({ ...device.browser.json, label: "Shared tablet" });
    expect(await deliverPush(deliveryDeps(), job)).toBe("gone");
    expect(service.received).toEqual([]);
  });
});

describe("devices", () => {
  it("subscribing the same endpoint again updates it and moves it to the person now signed in", async () => {
    const ann = await neighbour("Ann");
    const bo = await neighbour("Bo");
    const { browser } = await subscribeDevice(ann, "Kitchen tablet");
    await bo.caller.push.subscribe({ ...browser.json, label: "Kitchen tablet (Bo)" });
    expect(await ann.caller.push.devices()).toEqual([]);
    expect((await bo.caller.push.devices()).map((d) => d.label)).toEqual(["Kitchen tablet (Bo)"]);
  });

  it("lists only the push service's host, never the endpoint, and removes only the caller's own devices", async () => {
    const ann = await neighbour("Ann");
    const bo = await neighbour("Bo");
    const { id } = await subscribeDevice(ann, "Phone");
    const [listed] = await ann.caller.push.devices();
    expect(listed).toEqual({
      id,
      label: "Phone",
      endpointHost: new URL(service.origin).host,
      createdAt: h.clock.now(),
      lastSuccessAt: null,
    });
    expect(await failure(bo.caller.push.unsubscribe({ id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.pushDeviceNotFound,
    });
    await ann.caller.push.unsubscribe({ id });
    expect(await ann.caller.push.devices()).toEqual([]);
    expect(await failure(ann.caller.push.unsubscribe({ id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.pushDeviceNotFound,
    });
  });

  it("are in the person's data export, and go with the account", async () => {
    const ann = await neighbour("Ann");
    const { id } = await subscribeDevice(ann, "Phone");
    expect((await ann.caller.user.exportData()).pushDevices).toEqual([expect.objectContaining({ id, label: "Phone" })]);
    await ann.caller.user.deleteAccount({ password: ann.password });
    expect(
      await h.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.id, id)),
    ).toEqual([]);
  });

  it.each([
    ["an endpoint that is not a URL", { endpoint: "not a url" }, messages.pushEndpointInvalid],
    ["an endpoint off the allow-list", { endpoint: "https://push.evil.example/abc" }, messages.pushEndpointNotAllowed],
    [
      "an http endpoint that is not loopback",
      { endpoint: "http://fcm.googleapis.com/fcm/send/abc" },
      messages.pushEndpointNotAllowed,
    ],
    [
      "a p256dh that is not base64url",
      { keys: { p256dh: "not base64!", auth: "AAAAAAAAAAAAAAAAAAAAAA" } },
      messages.pushKeyP256dhInvalid,
    ],
    [
      "a compressed (33-byte) p256dh",
      { keys: { p256dh: Buffer.alloc(33, 2).toString("base64url"), auth: "AAAAAAAAAAAAAAAAAAAAAA" } },
      messages.pushKeyP256dhInvalid,
    ],
    [
      "an auth secret of 8 bytes",
      { keys: { p256dh: `B${"A".repeat(86)}`, auth: Buffer.alloc(8).toString("base64url") } },
      messages.pushKeyAuthInvalid,
    ],
  ])("refuses %s with a clear 400", async (_name, change, message) => {
    const ann = await neighbour("Ann");
    const browser = browserSubscription(`${service.origin}/push/x`);
    expect(await failure(ann.caller.push.subscribe({ ...browser.json, ...change, label: "Phone" } as never))).toEqual({
      code: "BAD_REQUEST",
      message: message,
    });
    expect(await ann.caller.push.devices()).toEqual([]);
  });
});
