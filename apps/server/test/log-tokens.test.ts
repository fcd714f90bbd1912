import { procedureCatalog } from "@hyn/api";
import { unsubscribeLinks } from "@hyn/core";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { restRoutes } from "../src/rest/routes";
import { linksOfLatestMailTo } from "./support/mail";
import { batchUrl, createTestApp, type TestApp } from "./test-app";

/**
 * Issue 24: a token read from the log is the account, the group or the feed it opens (a reset token
 * resets the password). Every token-bearing route and procedure is driven through both transports, its
 * pages and its wrong addresses, at debug, and the captured log must hold none of the real tokens.
 */

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

const PASSWORD = "a-good-secret-1";
const NEW_PASSWORD = "another-good-secret-2";

type Method = "GET" | "POST" | "HEAD";
interface Drive {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

/** A tRPC GET batch as the web client sends it (httpBatchLink, JSON encoded in the query). */
const trpcGet = (procedure: string, input: unknown) => batchUrl([{ path: procedure, input }]);
/** The same, as a browser's address bar keeps it: only the quotes escaped. */
const trpcGetLoose = (procedure: string, input: unknown) =>
  decodeURIComponent(trpcGet(procedure, input)).replaceAll('"', "%22");

async function appLoggingAt(nodeEnv: "production" | "development") {
  const lines: string[] = [];
  app = await createTestApp(
    { NODE_ENV: nodeEnv, LOG_LEVEL: "debug", REQUIRE_EMAIL_CONFIRMATION: "true" },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  return lines;
}

const queryParam = (links: string[], name: string) => {
  const link = links.find((l) => new URL(l).searchParams.has(name));
  if (!link) throw new Error(`no link with ${name} in ${links.join(" ")}`);
  return new URL(link).searchParams.get(name)!;
};

/** Signs up with confirmation on and verifies by the e-mailed link, through REST or tRPC; returns the token it used and a session. */
async function signUpAndVerify(email: string, via: "rest" | "trpc") {
  const signedUp = await app.server.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { email, password: PASSWORD, name: email.split("@")[0] },
  });
  expect(signedUp.statusCode, signedUp.body).toBe(201);
  const tokenHash = queryParam(await linksOfLatestMailTo(app, email), "token_hash");
  const verified =
    via === "rest"
      ? await app.server.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token_hash: tokenHash } })
      : await app.server.inject({
          method: "POST",
          url: "/trpc/auth.verifyEmail",
          payload: { json: { token_hash: tokenHash } },
        });
  expect(verified.statusCode, verified.body).toBe(200);
  type Answer = { session: { token: string }; user: { id: string } };
  const body = verified.json() as Answer | { result: { data: Answer } };
  const answer = "result" in body ? body.result.data : body;
  return {
    tokenHash,
    session: answer.session.token,
    userId: answer.user.id,
    headers: { authorization: `Bearer ${answer.session.token}` },
  };
}

/** Every token the app hands out, and every way a client could send each one. */
async function driveEveryTokenRoute(): Promise<{ secrets: Record<string, string>; drives: Drive[] }> {
  const drives: Drive[] = [];
  const drive = async (d: Drive) => {
    drives.push(d);
    return app.server.inject({
      method: d.method,
      url: d.url,
      ...(d.headers ? { headers: d.headers } : {}),
      ...(d.payload !== undefined ? { payload: d.payload as string } : {}),
    });
  };

  // Verification (sign-up links): REST and tRPC bodies, the page the link opens, tRPC over GET.
  const ann = await signUpAndVerify("ann@example.com", "rest");
  const bea = await signUpAndVerify("bea@example.com", "trpc");
  for (const tokenHash of [ann.tokenHash, bea.tokenHash]) {
    await drive({ method: "GET", url: `/auth/callback?token_hash=${tokenHash}&type=signup` });
    await drive({ method: "POST", url: "/api/auth/verify-email", payload: { token_hash: tokenHash } });
    await drive({ method: "POST", url: "/trpc/auth.verifyEmail", payload: { json: { token_hash: tokenHash } } });
    await drive({ method: "GET", url: trpcGet("auth.verifyEmail", { token_hash: tokenHash }) });
  }

  // Invitations: validate and join, by REST and tRPC, the pages, and addresses no route has.
  const group = (
    await drive({ method: "POST", url: "/api/groups", headers: ann.headers, payload: { name: "Elm Street" } })
  ).json() as { id: string };
  const invite = (
    await drive({
      method: "POST",
      url: "/api/invites",
      headers: ann.headers,
      payload: { groupId: group.id, email: "bea@example.com" },
    })
  ).json() as { token: string };
  const inviteToken = invite.token;
  expect(inviteToken).toEqual(expect.any(String));
  for (const url of [
    `/invite/${inviteToken}`,
    `/join/${inviteToken}`,
    `/invite?token=${inviteToken}`,
    `/api/invites/validate/${inviteToken}`,
    `/api/invites/${inviteToken}`,
  ]) {
    await drive({ method: "GET", url });
  }
  await drive({ method: "GET", url: trpcGet("invitations.validate", { token: inviteToken }) });
  await drive({ method: "GET", url: trpcGetLoose("invitations.validate", { token: inviteToken }) });
  // A page's batch: a procedure without a token next to one with it.
  await drive({
    method: "GET",
    url: batchUrl([{ path: "user.current" }, { path: "invitations.validate", input: { token: inviteToken } }]),
    headers: bea.headers,
  });
  // Input that does not parse, a token too long for the schema (its error echoes the input?), an unknown procedure.
  await drive({
    method: "GET",
    url: `/trpc/invitations.validate?input=${encodeURIComponent(`{"json":{"token":"${inviteToken}"`)}`,
  });
  await drive({ method: "GET", url: trpcGet("invitations.validate", { token: inviteToken.repeat(10) }) });
  await drive({ method: "GET", url: trpcGet("invitations.nothingHere", { token: inviteToken }) });
  await drive({
    method: "GET",
    url: `/trpc/invitations.validate?input=${encodeURIComponent(JSON.stringify({ json: { token: inviteToken } }))}`,
  });
  // Addresses the router itself refuses: a bad escape, a parameter over its length limit.
  await drive({ method: "GET", url: `/api/invites/validate/${inviteToken}%E0%A4%A` });
  await drive({ method: "GET", url: `/api/invites/validate/${inviteToken.repeat(10)}` });
  await drive({
    method: "POST",
    url: "/trpc/invitations.joinByToken",
    headers: bea.headers,
    payload: { json: { token: inviteToken } },
  });
  await drive({ method: "POST", url: `/api/invites/${inviteToken}/join`, headers: bea.headers });
  await drive({ method: "POST", url: `/api/invites/${inviteToken}/joined`, headers: bea.headers });
  await drive({ method: "GET", url: trpcGet("invitations.joinByToken", { token: inviteToken }), headers: bea.headers });

  // The group link (issue 27): made and listed by REST, opened as a page, read and joined by REST and tRPC.
  const groupLink = (
    await drive({
      method: "POST",
      url: `/api/groups/${group.id}/links`,
      headers: ann.headers,
      payload: { expiresInDays: 7, approval: true },
    })
  ).json() as { token: string };
  const groupLinkToken = groupLink.token;
  expect(groupLinkToken).toEqual(expect.any(String));
  await drive({ method: "GET", url: `/api/groups/${group.id}/links`, headers: ann.headers });
  await drive({ method: "GET", url: `/join/${groupLinkToken}` });
  await drive({ method: "GET", url: `/api/invites/${groupLinkToken}` });
  await drive({ method: "GET", url: trpcGet("groupLinks.joinPage", { token: groupLinkToken }) });
  await drive({ method: "GET", url: trpcGetLoose("groupLinks.joinPage", { token: groupLinkToken }) });
  // The join page's preview (issue 43): who invited, to which group, whether the link still works.
  for (const token of [groupLinkToken, inviteToken]) {
    await drive({ method: "GET", url: `/api/invites/${token}/preview` });
    await drive({ method: "GET", url: trpcGet("groupLinks.preview", { token }) });
    await drive({ method: "GET", url: trpcGetLoose("groupLinks.preview", { token }) });
  }
  await drive({ method: "GET", url: `/api/invites/${groupLinkToken}/preview/more` });
  await drive({ method: "POST", url: `/api/invites/${groupLinkToken}/join`, headers: bea.headers });
  await drive({
    method: "POST",
    url: "/trpc/invitations.joinByToken",
    headers: bea.headers,
    payload: { json: { token: groupLinkToken } },
  });

  // Unsubscribe: the page, the REST routes, the one-click POST, tRPC, and a route that is not there.
  const unsubscribeUrl = (
    await unsubscribeLinks({ db: app.db, config: { appUrl: "http://localhost:3000" } as never })
  ).for(ann.userId, { kind: "new_requests" }).url;
  const unsubscribeToken = new URL(unsubscribeUrl).pathname.split("/").at(-1)!;
  await drive({ method: "GET", url: `/unsubscribe/${unsubscribeToken}` });
  await drive({ method: "HEAD", url: `/unsubscribe/${unsubscribeToken}` });
  await drive({ method: "GET", url: `/api/unsubscribe/${unsubscribeToken}` });
  await drive({ method: "GET", url: `/api/unsubscribe/${unsubscribeToken}x` });
  await drive({ method: "POST", url: `/api/unsubscribe/${unsubscribeToken}` });
  await drive({ method: "POST", url: `/api/unsubscribe/${unsubscribeToken}/all` });
  await drive({ method: "POST", url: `/api/unsubscribe/${unsubscribeToken}/none` });
  await drive({
    method: "POST",
    url: `/unsubscribe/${unsubscribeToken}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
  await drive({
    method: "POST",
    url: `/unsubscribe/${unsubscribeToken}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "nothing",
  });
  await drive({ method: "GET", url: trpcGet("unsubscribe.describe", { token: unsubscribeToken }) });
  await drive({ method: "GET", url: trpcGetLoose("unsubscribe.describe", { token: unsubscribeToken }) });
  await drive({ method: "POST", url: "/trpc/unsubscribe.confirm", payload: { json: { token: unsubscribeToken } } });
  await drive({ method: "POST", url: "/trpc/unsubscribe.stopAll", payload: { json: { token: unsubscribeToken } } });

  // The calendar feed: its address is its only credential.
  const feedUrl = (
    (await drive({ method: "GET", url: "/api/user/calendar-feed", headers: ann.headers })).json() as { url: string }
  ).url;
  const calendarToken = /\/api\/calendar\/([^/]+)\.ics$/.exec(feedUrl)![1]!;
  await drive({ method: "GET", url: `/api/calendar/${calendarToken}.ics` });
  await drive({ method: "GET", url: `/api/calendar/${calendarToken}` });
  await drive({ method: "GET", url: `/api/calendar/${calendarToken}.ics/more` });
  await drive({ method: "GET", url: trpcGet("calendar.feed", { token: calendarToken }) });

  // Password reset: the check the reset page makes, the pages, a refused and a good completion.
  await drive({ method: "POST", url: "/api/auth/reset-password", payload: { email: "ann@example.com" } });
  const resetToken = queryParam(await linksOfLatestMailTo(app, "ann@example.com"), "token_hash");
  await drive({ method: "GET", url: trpcGet("auth.checkResetToken", { token: resetToken }) });
  await drive({ method: "GET", url: trpcGetLoose("auth.checkResetToken", { token: resetToken }) });
  await drive({ method: "GET", url: `/reset-password?token=${resetToken}` });
  await drive({ method: "GET", url: `/auth/callback?token_hash=${resetToken}&type=recovery` });
  await drive({
    method: "GET",
    url: trpcGet("auth.completePasswordReset", { token: resetToken, password: NEW_PASSWORD }),
  });
  await drive({ method: "POST", url: "/api/auth/complete-reset", payload: { token: resetToken, password: "short" } });
  await drive({
    method: "POST",
    url: "/api/auth/complete-reset",
    payload: `{"token":"${resetToken}",`,
    headers: { "content-type": "application/json" },
  });
  await drive({
    method: "POST",
    url: "/trpc/auth.completePasswordReset",
    payload: { json: { token: resetToken, password: NEW_PASSWORD } },
  });
  await drive({
    method: "POST",
    url: "/api/auth/complete-reset",
    payload: { token: resetToken, password: NEW_PASSWORD },
  });

  // Failures that log their error: the invitations table gone, every lookup answers 500.
  await app.db.execute(sql.raw("ALTER TABLE invites RENAME TO invites_gone"));
  await drive({ method: "GET", url: `/api/invites/validate/${inviteToken}` });
  await drive({ method: "GET", url: trpcGet("invitations.validate", { token: inviteToken }) });

  return {
    secrets: {
      "Ann's verification token": ann.tokenHash,
      "Bea's verification token": bea.tokenHash,
      "the invitation token": inviteToken,
      "the group link token": groupLinkToken,
      "the reset token": resetToken,
      "the unsubscribe token": unsubscribeToken,
      "the calendar feed token": calendarToken,
      "Ann's session": ann.session,
      "Bea's session": bea.session,
      "the new password": NEW_PASSWORD,
    },
    drives,
  };
}

/**
 * Which drives carry a real token where a route or a procedure takes one: every REST route with a
 * secret path parameter, and every query with a secret input (the ones a tRPC GET can carry), must
 * have one, so a new token route left out of driveEveryTokenRoute fails here.
 */
function routesNotDriven(drives: Drive[], secrets: string[]): string[] {
  const carries = (text: string) => secrets.some((secret) => text.includes(secret));
  const secretInputsOf = new Map(procedureCatalog.map((entry) => [entry.path, entry.meta.secretInputs ?? []]));
  const restMissing = restRoutes
    .filter((route) => secretInputsOf.get(route.procedure)!.some((name) => route.path.includes(`:${name}`)))
    .filter((route) => {
      const pattern = new RegExp(`^/api${route.path.replace(/:\w+/g, "[^/?]+").replaceAll(".", "\\.")}(\\?|$)`);
      return !drives.some((d) => d.method === route.method && pattern.test(d.url) && carries(d.url));
    })
    .map((route) => `${route.method} ${route.path}`);
  const decoded = (url: string) => {
    try {
      return decodeURIComponent(url);
    } catch {
      return url;
    }
  };
  const trpcMissing = procedureCatalog
    .filter((entry) => entry.type === "query" && (entry.meta.secretInputs ?? []).length > 0)
    .filter((entry) => {
      const prefix = `/trpc/${entry.path}?`;
      return !drives.some((d) => d.method === "GET" && decoded(d.url).startsWith(prefix) && carries(decoded(d.url)));
    })
    .map((entry) => `tRPC GET ${entry.path}`);
  return [...restMissing, ...trpcMissing];
}

describe.each(["production", "development"] as const)("the log with NODE_ENV=%s", (nodeEnv) => {
  it(
    "holds no token of any route or procedure that carries one, whichever transport, page or wrong address sent it",
    { timeout: 180_000 },
    async () => {
      const lines = await appLoggingAt(nodeEnv);
      const { secrets, drives } = await driveEveryTokenRoute();
      const log = lines.join("");
      expect(routesNotDriven(drives, Object.values(secrets))).toEqual([]);

      // Every call was logged (at debug, received and answered), so a silent log cannot pass.
      const answered = lines
        .map((line) => JSON.parse(line) as { msg: string; res?: unknown })
        .filter((line) => line.res);
      expect(answered.length).toBeGreaterThanOrEqual(drives.length);
      expect(log).toContain("GET /trpc/auth.checkResetToken?batch=1&input=");
      expect(log).toContain("[redacted]");
      expect(log).toMatch(/"level":50[^\n]*relation \\"invites\\" does not exist/);

      // Each leak as the line's message (or its start), so a failure shows where the token went.
      const leaks = Object.entries(secrets).flatMap(([name, secret]) => {
        expect(secret.length, name).toBeGreaterThanOrEqual(8);
        const forms = [...new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])];
        return lines
          .filter((line) => forms.some((form) => line.includes(form)))
          .map((line) => `${name}: ${((JSON.parse(line) as { msg?: string }).msg ?? line).slice(0, 160)}`);
      });
      expect(leaks).toEqual([]);
    },
  );
});

describe("a path spelled with percent-escapes", () => {
  it("is logged at the level of its plain spelling, as the router reads it, its token redacted (issue 38 §6)", async () => {
    const lines = await appLoggingAt("production");
    const token = `probe-${Math.random().toString(36).slice(2)}`;
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { token } } }));
    const spellings: [Method, string, string][] = [
      ["GET", `/api/invites/${token}`, `/api/%69nvites/${token}`],
      ["GET", `/trpc/groupLinks.joinPage?batch=1&input=${input}`, `/%74rpc/groupLinks.joinPage?batch=1&input=${input}`],
      ["POST", `/trpc/groups.acceptRules?batch=1&input=${input}`, `/%74rpc/groups.acceptRules?batch=1&input=${input}`],
    ];
    for (const [method, plain, spelled] of spellings) {
      await app.server.inject({ method, url: plain });
      await app.server.inject({ method, url: spelled });
    }

    const answered = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; res?: unknown })
      .filter((line) => line.res)
      .map((line) => [line.level, line.msg.replace(/ \d+ms$/, "")]);
    expect(answered).toHaveLength(2 * spellings.length);
    for (let i = 0; i < spellings.length; i++) {
      expect(answered[2 * i]![0], spellings[i]![1]).toBe(30);
      expect(answered[2 * i + 1], spellings[i]![2]).toEqual(answered[2 * i]);
    }
    expect(lines.join("")).not.toContain(token);
  });
});
