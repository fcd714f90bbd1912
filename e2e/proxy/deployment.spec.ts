import { RATE_LIMIT_RULES } from "@hyn/core";
import { messages } from "@hyn/validators/messages";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { BODY_LIMIT_BYTES } from "../../apps/server/src/body-limit.mjs";
import { UPSTREAM_FAIL_TIMEOUT_SECONDS } from "../../deploy/render-nginx.mjs";
import { api, E2E_PASSWORD } from "../support";
import { browserSubscription, startLocalPushService } from "../../packages/api/test/support/local-push-service";
import { Cluster, CLUSTER_RATE_LIMIT_MULTIPLIER } from "./cluster";
import { DebianNginx } from "./debian-nginx";
import { proxyHost, proxyPort, proxyURL, tlsPorts } from "./ports";
import { nginxBlock, testValues } from "./readme-deploy";

const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const cluster = new Cluster();
      try {
        await cluster.start();
        await use(cluster);
      } finally {
        await cluster.stop();
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

// A failed test carries what nginx logged during it (an upstream error says why a call got a 502).
let errorLogLength = 0;
test.beforeEach(({ cluster }) => {
  errorLogLength = cluster.nginx.read("error.log").length;
});
test.afterEach(async ({ cluster }, testInfo) => {
  const logged = cluster.nginx.read("error.log").slice(errorLogLength) + cluster.nginx.errors;
  if (testInfo.status !== testInfo.expectedStatus && logged)
    await testInfo.attach("nginx error log", { body: logged, contentType: "text/plain" });
});

let people = 0;
/** A new account, signed up through the proxy; its Bearer token for calls made outside the browser. */
async function signUp(name: string) {
  const email = `proxy-${Date.now().toString(36)}-${++people}@example.com`;
  const password = E2E_PASSWORD;
  const response = await fetch(`${proxyURL}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, name }),
  });
  expect(response.status).toBe(201);
  const { session } = (await response.json()) as { session: { token: string } };
  return { email, password, name, token: session.token };
}

async function signIn(page: Page, person: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-status", "live");
}

/** An owner and a neighbour in one group, with one open request of the owner's. */
async function neighbourhood(cluster: Cluster) {
  const owner = await signUp("Olive Owner");
  const neighbour = await signUp("Nico Neighbour");
  const group = await api<Record<string, unknown>>(proxyURL, owner.token, "POST", "/groups", { name: "Elm Street" });
  await api<Record<string, unknown>>(proxyURL, owner.token, "POST", "/invites", {
    groupId: group.id,
    email: neighbour.email,
  });
  await expect
    .poll(async () => (await cluster.mail(neighbour.email)).flatMap((m) => m.links).find((l) => l.includes("/invite/")))
    .toBeTruthy();
  const link = (await cluster.mail(neighbour.email)).flatMap((m) => m.links).find((l) => l.includes("/invite/"))!;
  await api<Record<string, unknown>>(
    proxyURL,
    neighbour.token,
    "POST",
    `/invites/${new URL(link).pathname.split("/").pop()}/join`,
  );
  const neededBy = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const request = await api<Record<string, unknown>>(proxyURL, owner.token, "POST", "/requests", {
    groupId: group.id,
    itemDescription: "A bag of flour",
    neededBy,
  });
  return { owner, neighbour, group, requestId: String(request.id) };
}

test("a dashboard whose stream one instance serves shows, within seconds, a claim the other instance handled", async ({
  page,
  cluster,
}) => {
  const { owner, neighbour, requestId } = await neighbourhood(cluster);
  await signIn(page, owner);
  // Instances' logs arrive through pipes: read once they show the stream.
  await expect.poll(() => cluster.servedBy("/trpc/requests.onChange")).toHaveLength(1);
  const streams = cluster.servedBy("/trpc/requests.onChange");
  const mine = page.getByTestId("request-card").filter({ hasText: "A bag of flour" });
  await expect(mine.getByTestId("request-status")).toHaveAttribute("data-status", "open");

  // nginx picks instances in turn, so which one a call reaches is not the test's to choose: the
  // neighbour's claim goes straight to the instance that does not serve the owner's stream.
  const other = cluster.instances[1 - streams[0]!]!;
  const claim = await fetch(`http://127.0.0.1:${other.port}/api/requests/${requestId}/claim`, {
    method: "POST",
    headers: { authorization: `Bearer ${neighbour.token}` },
  });
  expect(claim.status).toBe(200);
  await expect(mine.getByTestId("request-status")).toHaveAttribute("data-status", "claimed", { timeout: 5_000 });
  await expect(mine).toContainText("Nico Neighbour");
});

test("a post reaches its neighbours' phones and inboxes within seconds, each once, with two instances", async ({
  cluster,
}) => {
  const service = await startLocalPushService();
  try {
    const owner = await signUp("Olive Owner");
    const group = await api<Record<string, unknown>>(proxyURL, owner.token, "POST", "/groups", { name: "Oak Row" });
    const neighbours = [];
    for (const name of ["Nico Neighbour", "Nell Neighbour", "Ned Neighbour"]) {
      const neighbour = await signUp(name);
      await api(proxyURL, owner.token, "POST", "/invites", { groupId: group.id, email: neighbour.email });
      await expect
        .poll(async () =>
          (await cluster.mail(neighbour.email)).flatMap((m) => m.links).find((l) => l.includes("/invite/")),
        )
        .toBeTruthy();
      const link = (await cluster.mail(neighbour.email)).flatMap((m) => m.links).find((l) => l.includes("/invite/"))!;
      await api(proxyURL, neighbour.token, "POST", `/invites/${new URL(link).pathname.split("/").pop()}/join`);
      await api(proxyURL, neighbour.token, "PUT", "/user/email-preferences", { frequency: "immediate" });
      const browser = browserSubscription(`${service.origin}/push/${neighbour.email}`);
      await api(proxyURL, neighbour.token, "POST", "/push/subscriptions", { ...browser.json, label: "Phone" });
      neighbours.push(neighbour);
    }

    const posted = Date.now();
    await api(proxyURL, owner.token, "POST", "/requests", {
      groupId: group.id,
      itemDescription: "A ladder",
      neededBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    // Woken when the post commits, whichever instance's worker takes the jobs and the e-mails.
    await expect.poll(() => service.received.length, { timeout: 10_000 }).toBe(neighbours.length);
    for (const neighbour of neighbours)
      await expect
        .poll(
          // Both instances read the one dev mailbox table: an e-mail is one (subject, time) however often listed.
          async () =>
            new Set(
              ((await cluster.mail(neighbour.email)) as unknown as { subject: string; sentAt: string }[])
                .filter((m) => m.subject.includes("A ladder"))
                .map((m) => `${m.subject} ${m.sentAt}`),
            ).size,
          { timeout: 10_000 },
        )
        .toBe(1);
    expect(Date.now() - posted).toBeLessThan(10_000);
    expect(new Set(service.received.map((push) => push.path)).size).toBe(neighbours.length);
    // Long enough for a duplicate from the other instance, were there one.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(service.received).toHaveLength(neighbours.length);
  } finally {
    await service.close();
  }
});

test("rate limits count the calls of one client across both instances", async ({ cluster }) => {
  const person = await signUp("Rita Ratelimit");
  const allowed = Math.floor(RATE_LIMIT_RULES.signInFailuresPerAddressAndIp.limit * CLUSTER_RATE_LIMIT_MULTIPLIER);
  const statuses: number[] = [];
  for (let i = 0; i <= allowed; i++) {
    const response = await fetch(`${proxyURL}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
      body: JSON.stringify({ email: person.email, password: "not-the-password" }),
    });
    statuses.push(response.status);
    if (response.status === 429)
      expect(((await response.json()) as { error: string }).error).toBe(messages.tooManyRequests);
  }
  expect(statuses.slice(0, allowed).every((status) => status === 401)).toBe(true);
  expect(statuses[allowed]).toBe(429);
  await expect.poll(() => cluster.servedBy("/api/auth/signin")).toEqual([0, 1]);
});

test("nginx answers for the app: client addresses cannot be forged, assets are cached, huge bodies are refused as JSON", async ({
  cluster,
}) => {
  // nginx replaces X-Forwarded-For, so the instance sees the client nginx saw, never a forged address.
  const probe = `/healthz?probe=${Date.now()}`;
  await fetch(`${proxyURL}${probe}`, { headers: { "x-forwarded-for": "198.51.100.7" } });
  await expect.poll(() => cluster.servedBy(probe)).toHaveLength(1);
  const logged = cluster.instances
    .flatMap((instance) => instance.log.split("\n"))
    .find((line) => line.includes(`"url":"${probe}`));
  expect(logged).toContain('"remoteAddress":"127.0.0.1"');

  const index = await (await fetch(`${proxyURL}/`)).text();
  const asset = index.match(/\/assets\/[^"]+\.js/)![0];
  const first = await fetch(`${proxyURL}${asset}`);
  await first.arrayBuffer();
  const second = await fetch(`${proxyURL}${asset}`);
  expect(second.status).toBe(200);
  expect(second.headers.get("x-cache-status")).toBe("HIT");

  // The service worker is never kept by nginx: each visit revalidates it, so a new version is found.
  const worker = await fetch(`${proxyURL}/sw.js`);
  expect(worker.status).toBe(200);
  expect(worker.headers.get("cache-control")).toBe("no-cache");
  expect(worker.headers.get("x-cache-status")).toBeNull();

  // A body over the instances' own limit is refused by nginx itself, never sent on: an instance answers
  // it with 413 and closes the connection, which nginx, still sending the body, once passed on as 502.
  // The refusal is the app's own answer to such a body, in JSON.
  const feedback = (probe: string, bytes: number) => {
    const body = JSON.stringify({ message: "" });
    return fetch(`${proxyURL}/api/feedback?probe=${probe}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: body.replace('""', `"${"x".repeat(bytes - body.length)}"`),
    });
  };
  const stamp = Date.now().toString(36);
  for (const [probe, bytes] of [
    [`over-${stamp}`, BODY_LIMIT_BYTES + 1],
    [`huge-${stamp}`, 2 * 1024 * 1024],
  ] as const) {
    const refused = await feedback(probe, bytes);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: messages.bodyTooLarge });
    expect(cluster.servedBy(`/api/feedback?probe=${probe}`)).toEqual([]);
  }
  // A body of exactly the limit reaches an instance, which reads it (and refuses the over-long message).
  const atLimit = await feedback(`at-${stamp}`, BODY_LIMIT_BYTES);
  expect(atLimit.status).toBe(400);
  await expect.poll(() => cluster.servedBy(`/api/feedback?probe=at-${stamp}`)).toHaveLength(1);
});

test("a mail provider's one-click unsubscribe passes nginx: a form POST with no cookie turns the group's notices off", async ({
  cluster,
}) => {
  const owner = await signUp("Olive Owner");
  const neighbour = await signUp("Nico Neighbour");
  const group = await api<Record<string, unknown>>(proxyURL, owner.token, "POST", "/groups", { name: "Elm Street" });
  const invite = await api<Record<string, unknown>>(proxyURL, owner.token, "POST", "/invites", {
    groupId: group.id,
    email: neighbour.email,
  });
  await api<Record<string, unknown>>(proxyURL, neighbour.token, "POST", `/invites/${String(invite.token)}/join`);
  await api<Record<string, unknown>>(proxyURL, neighbour.token, "PUT", "/user/email-preferences", {
    frequency: "immediate",
  });
  const neededBy = new Date(Date.now() + 2 * 86_400_000).toISOString();
  await api<Record<string, unknown>>(proxyURL, owner.token, "POST", "/requests", {
    groupId: group.id,
    itemDescription: "A bag of flour",
    neededBy,
  });
  const unsubscribeLink = async () =>
    (await cluster.mail(neighbour.email)).flatMap((m) => m.links).find((l) => l.includes("/unsubscribe/"));
  await expect.poll(unsubscribeLink).toBeTruthy();
  const link = new URL((await unsubscribeLink())!);

  // As RFC 8058 has it: the List-Unsubscribe URL, a form body, no cookie, no Origin.
  const oneClick = await fetch(`${proxyURL}${link.pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  expect(await oneClick.json()).toMatchObject({ scope: { type: "group", groupName: "Elm Street" }, state: "stopped" });
  // The same URL, opened in a browser, is the app's page.
  const page = await fetch(`${proxyURL}${link.pathname}`);
  expect([page.status, page.headers.get("content-type")]).toEqual([200, expect.stringContaining("text/html")]);
});

test("a rolling restart of both instances in the middle of traffic fails no call, and the open dashboard stays live", async ({
  page,
  cluster,
}) => {
  // Two drains and two start-ups, with a pause after each for nginx.
  test.setTimeout(150_000);
  const { owner, neighbour, requestId } = await neighbourhood(cluster);
  await signIn(page, owner);

  // Traffic through nginx until the restarts are over: a neighbour claiming and stepping back (POSTs
  // a second execution would turn into a 409), the owner's dashboard, and pages and assets.
  const failures: string[] = [];
  let calls = 0;
  let restarting = true;
  // Bounded: at most one call every 10 ms per loop, for at most 90 s.
  const loop = async (step: () => Promise<Response>, name: string) => {
    const deadline = Date.now() + 90_000;
    while (restarting) {
      if (Date.now() > deadline) return failures.push(`${name}: still running after 90 s`);
      calls++;
      const response = await step().catch((error: unknown) => ({ ok: false, status: String(error) }) as const);
      if (!response.ok) failures.push(`${name}: ${response.status}`);
      if ("arrayBuffer" in response) await response.arrayBuffer();
      await new Promise((r) => setTimeout(r, 10));
    }
    return undefined;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  let claimed = false;
  const traffic = Promise.all([
    loop(() => {
      claimed = !claimed;
      return fetch(`${proxyURL}/api/requests/${requestId}/${claimed ? "claim" : "unclaim"}`, {
        method: "POST",
        headers: bearer(neighbour.token),
      });
    }, "claim/unclaim"),
    loop(() => fetch(`${proxyURL}/api/dashboard`, { headers: bearer(owner.token) }), "dashboard"),
    loop(() => fetch(`${proxyURL}/`), "page"),
  ]);
  try {
    for (const index of [0, 1]) {
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await cluster.restart(index)).toBe(0);
      // nginx tries an instance it found down again only after its fail_timeout.
      await new Promise((r) => setTimeout(r, (UPSTREAM_FAIL_TIMEOUT_SECONDS + 1) * 1_000));
    }
  } finally {
    restarting = false;
    await traffic;
  }
  expect(failures).toEqual([]);
  expect(calls).toBeGreaterThan(100);
  // Both new processes served calls.
  await expect.poll(() => cluster.servedBy("/api/dashboard")).toEqual([0, 1]);

  // The owner's page reconnected its stream to an instance that is up, and still sees changes live.
  const mine = page.getByTestId("request-card").filter({ hasText: "A bag of flour" });
  const status = claimed ? "claimed" : "open";
  await expect(mine.getByTestId("request-status")).toHaveAttribute("data-status", status, { timeout: 10_000 });
  await api<Record<string, unknown>>(
    proxyURL,
    neighbour.token,
    "POST",
    `/requests/${requestId}/${claimed ? "unclaim" : "claim"}`,
  );
  await expect(mine.getByTestId("request-status")).toHaveAttribute("data-status", claimed ? "open" : "claimed", {
    timeout: 5_000,
  });
});

/** A GET to nginx on 127.0.0.1:`port` with `host` as its Host, over TLS with `ca` trusted when given. */
function get(port: number, host: string, pathname: string, ca?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const options = { host: "127.0.0.1", port, path: pathname, headers: { host: `${host}:${port}` }, agent: false };
    const request = (ca ? https : http).get(ca ? { ...options, ca, servername: host } : options, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
  });
}

test("the site answers its domain on the port where Debian's default site is the default server, which keeps every other name", async ({
  cluster,
}) => {
  // The README's site by its name: the app, its API and its pages.
  const ours = await get(proxyPort, proxyHost, "/healthz");
  expect(ours.status).toBe(200);
  const page = await get(proxyPort, proxyHost, "/login");
  expect(page.body).toContain('<div id="root">');
  // Debian's default site is really there, on the same port, for any other name.
  const other = await get(proxyPort, "elsewhere.example", "/");
  expect(other.body).toContain("Welcome to nginx");
  expect((await get(proxyPort, "elsewhere.example", "/healthz")).status).toBe(404);
  expect(cluster.servedBy("/login")).toHaveLength(1);
});

test("nginx's access log holds none of the tokens in the app's links, in paths, queries or a page's Referer", async ({
  page,
  cluster,
}) => {
  const owner = await signUp("Olive Owner");
  const group = await api<Record<string, unknown>>(proxyURL, owner.token, "POST", "/groups", { name: "Elm Street" });
  const invite = await api<{ token: string }>(proxyURL, owner.token, "POST", "/invites", {
    groupId: group.id,
    email: `proxy-invitee-${Date.now().toString(36)}@example.com`,
  });
  const feed = await api<{ url: string }>(proxyURL, owner.token, "GET", "/user/calendar-feed");
  const feedPath = new URL(feed.url).pathname;
  const token = () => randomBytes(18).toString("base64url");
  const tokens = {
    invite: invite.token,
    feed: feedPath
      .split("/")
      .pop()!
      .replace(/\.ics$/, ""),
  };
  const made = { join: token(), reset: token(), hash: token(), unsubscribe: token(), trpc: token() };

  // A browser opening an invitation (its assets go out with the page's address as Referer) and a link.
  await page.goto(`/invite/${tokens.invite}`);
  await page.waitForLoadState("networkidle");
  await page.goto(`/join/${made.join}`);
  expect((await fetch(`${proxyURL}${feedPath}`)).status).toBe(200);
  for (const pathname of [
    `/api/invites/validate/${tokens.invite}`,
    `/API/Invites/${tokens.invite}`,
    `/reset-password?token=${made.reset}`,
    `/auth/callback?token_hash=${made.hash}&type=signup`,
    `/unsubscribe/${made.unsubscribe}`,
    `/api/unsubscribe/${made.unsubscribe}/all`,
    `/trpc/invites.preview?input=${encodeURIComponent(JSON.stringify({ token: made.trpc }))}`,
  ])
    await (await fetch(`${proxyURL}${pathname}`)).arrayBuffer();

  // nginx writes a request's line after its response has gone, so the last few may land a moment after
  // our fetches end (on a busy machine, after we first read the file).
  const expectedLines = [
    '"GET /invite/[redacted] HTTP/1.1"',
    '"GET /api/calendar/[redacted] HTTP/1.1"',
    '"GET /api/unsubscribe/[redacted]/all HTTP/1.1"',
    '"GET /reset-password?[redacted] HTTP/1.1"',
    '"GET /trpc/invites.preview?[redacted] HTTP/1.1"',
  ];
  const siteLog = () => cluster.nginx.read("help-your-neighbor.access.log");
  const missingLines = () => {
    const log = siteLog();
    return expectedLines.filter((line) => !log.includes(line));
  };
  await expect.poll(missingLines, { timeout: 5_000 }).toEqual([]);
  const log = siteLog();
  for (const secret of [...Object.values(tokens), ...Object.values(made)]) expect(log).not.toContain(secret);
  // Nothing of the site's goes to Debian's own access log, where the request line is whole.
  const debianLog = cluster.nginx.read("access.log");
  for (const secret of [...Object.values(tokens), ...Object.values(made)]) expect(debianLog).not.toContain(secret);
});

test("over TLS as the README sets it up: plain HTTP redirects to HTTPS, where a browser gets the app", async ({
  browser,
}) => {
  const prefix = mkdtempSync(path.join(tmpdir(), "hyn-nginx-tls-"));
  // A self-signed certificate for the site's name, where Let's Encrypt's would be.
  const cert = path.join(prefix, "fullchain.pem");
  const key = path.join(prefix, "privkey.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-keyout", key, "-out", cert],
      ...["-subj", `/CN=${proxyHost}`, "-addext", `subjectAltName=DNS:${proxyHost}`],
    ],
    { stdio: "ignore" },
  );
  const nginx = new DebianNginx(prefix, tlsPorts.http);
  try {
    // The README's steps in order: the site on plain HTTP, then re-rendered with the certificate.
    const values = { http: tlsPorts.http, https: tlsPorts.https, cert, key };
    nginx.follow(nginxBlock({ tls: false }), (line) => testValues(line, values));
    // nginx listens a moment after it starts, and again after a reload.
    const up = (port: number, ca?: string) =>
      get(port, proxyHost, "/healthz", ca).then(
        (r) => r.status,
        () => 0,
      );
    await expect.poll(() => up(tlsPorts.http)).toBe(200);
    nginx.follow(nginxBlock({ tls: true }), (line) => testValues(line, values));
    await expect.poll(() => up(tlsPorts.https, readFileSync(cert, "utf8"))).toBe(200);
    // A reload is graceful: the old workers, with the plain-HTTP site, still take connections for a moment.
    await expect.poll(() => up(tlsPorts.http)).toBe(301);

    const redirect = await get(tlsPorts.http, proxyHost, "/invite/abc?x=1");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`https://${proxyHost}:${tlsPorts.https}/invite/abc?x=1`);
    // Debian's default site keeps plain HTTP for other names.
    expect((await get(tlsPorts.http, "elsewhere.example", "/")).body).toContain("Welcome to nginx");

    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(`http://${proxyHost}:${tlsPorts.http}/login`);
    expect(page.url()).toBe(`https://${proxyHost}:${tlsPorts.https}/login`);
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    await context.close();
  } finally {
    await nginx.stop();
    rmSync(prefix, { recursive: true, force: true });
  }
});
