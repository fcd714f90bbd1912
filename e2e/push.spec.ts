/**
 * Web Push in Chromium (issue 16). Headless Chromium cannot register with a real push service (FCM),
 * so the page's PushManager hands out a subscription on the test's local push service instead: keys
 * made here as a browser would, an endpoint on 127.0.0.1 (accepted outside production). Everything
 * else is real: the profile's switch, the server's check and storage, the job engine sending the
 * encrypted, VAPID-signed push to the local push service, and the service worker showing what the push
 * service would have delivered (handed to it over CDP, `ServiceWorker.deliverPushMessage`).
 */
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import {
  browserSubscription,
  decryptAes128gcm,
  startLocalPushService,
  type LocalPushService,
} from "../packages/api/test/support/local-push-service";
import { daysFromNow, E2E_PASSWORD, expect, screenshot, signUpAndConfirm, test, type Mailbox } from "./support";

// The suite blocks service workers (playwright.config.ts); this spec is about one.
test.use({ permissions: ["notifications"], serviceWorkers: "allow" });

let service: LocalPushService;
test.beforeAll(async () => {
  service = await startLocalPushService();
});
test.afterAll(async () => {
  await service.close();
});

/** The page's PushManager subscribes to `json` (the local push service) instead of the browser vendor's. */
async function useLocalPushService(page: Page, json: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.addInitScript((subscription) => {
    // Page globals, typed here: the e2e project is compiled without the DOM library.
    const manager = (globalThis as unknown as { PushManager: { prototype: Record<string, unknown> } }).PushManager
      .prototype;
    let current: object | null = null;
    manager.getSubscription = async () => current;
    manager.subscribe = async (options?: { applicationServerKey?: Uint8Array }) => {
      current = {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: options?.applicationServerKey?.slice().buffer ?? null },
        getKey: () => null,
        toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current;
    };
  }, json);
}

/** The service worker's registration id and origin, for CDP. */
async function serviceWorkerOf(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      if (registrations.length > 0) resolve(registrations);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const [registration] = await registrations;
  return { cdp, registrationId: registration!.registrationId, origin: new URL(registration!.scopeURL).origin };
}

/** Another person, over REST with a bearer token from a request context of their own (not the page's cookies). */
async function signUpByApi(api: APIRequestContext, mailbox: Mailbox, name: string) {
  const email = `push-${name.toLowerCase()}-${Date.now().toString(36)}@example.com`;
  const signUp = await api.post("/api/auth/signup", { data: { email, password: E2E_PASSWORD, name } });
  expect(signUp.status()).toBe(201);
  const link = new URL(await mailbox.waitForLink(email, /type=signup/));
  const verified = await api.post("/api/auth/verify-email", {
    data: { token_hash: link.searchParams.get("token_hash") },
  });
  const token = ((await verified.json()) as { session: { token: string } }).session.token;
  return { email, headers: { authorization: `Bearer ${token}` } };
}

test("a member turns on notifications on this device and its service worker shows a neighbour's new request", async ({
  page,
  context,
  mailbox,
  baseURL,
  request: api,
}) => {
  const browser = browserSubscription(`${service.origin}/push/e2e-${Date.now()}`);
  await useLocalPushService(page, browser.json);
  const bo = await signUpAndConfirm(page, mailbox, { name: "Bo" });
  // New requests reach Bo at once (the profile's frequency is every group's default).
  expect((await page.request.put("/api/user/email-preferences", { data: { frequency: "immediate" } })).ok()).toBe(true);

  await page.goto("/profile");
  const devices = page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: "Devices" }) });
  await expect(devices.getByText("No devices get notifications yet.")).toBeVisible();
  const toggle = devices.getByRole("switch", { name: "Notifications on this device" });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByTestId("toast").filter({ hasText: "Notifications are on for this device" })).toBeVisible();
  await expect(toggle).toBeChecked();
  const listed = devices.getByRole("list", { name: "Your devices" }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  // Named from the user agent (Playwright's desktop Chrome says Windows).
  await expect(listed.first()).toContainText(/Chrome on (Windows|Linux)/);
  await expect(listed.first()).toContainText("This device");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(devices, `test-results/push-devices-desktop.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(devices, `test-results/push-devices-390.png`);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Ann, in another group of Bo's, posts a request.
  const ann = await signUpByApi(api, mailbox, "Ann");
  const group = (await (
    await api.post("/api/groups", { data: { name: "Linden Lane" }, headers: ann.headers })
  ).json()) as { id: string };
  const invite = (await (
    await api.post("/api/invites", { data: { groupId: group.id, email: bo.email }, headers: ann.headers })
  ).json()) as { token: string };
  // Bo has an account, so the invitation also reaches Bo's device.
  await expect.poll(() => service.received.length, { timeout: 20_000 }).toBe(1);
  expect(JSON.parse(decryptAes128gcm(service.received[0]!.body, browser))).toMatchObject({
    kind: "invitations",
    title: "Invitation to Linden Lane",
    url: `${baseURL}/`,
  });
  expect((await page.request.post(`/api/invites/${encodeURIComponent(invite.token)}/join`)).ok()).toBe(true);
  service.received.length = 0;
  const posted = await api.post("/api/requests", {
    data: {
      groupId: group.id,
      itemDescription: "Birthday candles",
      neededBy: daysFromNow(2),
    },
    headers: ann.headers,
  });
  expect(posted.status()).toBe(201);
  const request = (await posted.json()) as { id: string };

  // The server's push reaches the push service, encrypted for this browser's keys.
  await expect.poll(() => service.received.length, { timeout: 20_000 }).toBe(1);
  const plaintext = decryptAes128gcm(service.received[0]!.body, browser);
  expect(JSON.parse(plaintext)).toEqual({
    kind: "new_requests",
    title: "New request in Linden Lane",
    // Ann's first request in the group says so (issue 41 §3).
    body: "First request from Ann: Birthday candles",
    url: `${baseURL}/requests/${request.id}`,
    tag: `request-${request.id}`,
  });

  // What the push service delivers, the service worker shows.
  const worker = await serviceWorkerOf(context, page);
  await worker.cdp.send("ServiceWorker.deliverPushMessage", {
    origin: worker.origin,
    registrationId: worker.registrationId,
    data: plaintext,
  });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          type Shown = { title: string; body: string; tag: string; data: { url: string } };
          const worker = (
            globalThis as unknown as {
              navigator: { serviceWorker: { ready: Promise<{ getNotifications(): Promise<Shown[]> }> } };
            }
          ).navigator.serviceWorker;
          return (await (await worker.ready).getNotifications()).map((n) => [n.title, n.body, n.tag, n.data.url]);
        }),
      { timeout: 10_000 },
    )
    .toEqual([
      [
        "New request in Linden Lane",
        "First request from Ann: Birthday candles",
        `request-${request.id}`,
        `${baseURL}/requests/${request.id}`,
      ],
    ]);

  // Off again: the device leaves the list.
  await toggle.click();
  await expect(page.getByTestId("toast").filter({ hasText: "Notifications are off for this device" })).toBeVisible();
  await expect(devices.getByText("No devices get notifications yet.")).toBeVisible();
  await expect(toggle).not.toBeChecked();
});
