import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FakeClock } from "@hyn/core/testing";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";

let webDist: string;
let database: TestDatabase;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), "hyn-web-dist-"));
  await mkdir(path.join(webDist, "assets"));
  await writeFile(path.join(webDist, "index.html"), "<!doctype html><title>app</title>");
  await writeFile(path.join(webDist, "assets", "index-abc.js"), "console.log(1)");
  await writeFile(path.join(webDist, "favicon.svg"), "<svg></svg>");
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await rm(webDist, { recursive: true, force: true });
});

/** A walk through one page: the page, its files, a call; returns the log lines it wrote. */
async function walkThroughAPage(logLevel: string) {
  const lines: { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: "development", LOG_LEVEL: logLevel, WEB_DIST: webDist }),
    db: database.handle,
    clock: new FakeClock(new Date()),
    startWorkers: false,
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  for (const url of ["/groups", "/assets/index-abc.js", "/favicon.svg", "/healthz", "/dev/mailbox"])
    await app.server.inject({ method: "GET", url });
  await app.mailbox!.send({
    from: "app@example.com",
    to: "ada@example.com",
    subject: "Confirm",
    text: "Open http://localhost:3000/verify-email?token=abc",
    html: "",
  });
  await app.server.close();
  return lines;
}

describe("the request log", () => {
  it("has one info line per page or call, none for the web build's files", async () => {
    const lines = await walkThroughAPage("info");
    const requests = lines.filter((l) => l.res);
    expect(requests.map((l) => [l.level, l.req?.url, l.res?.statusCode])).toEqual([
      [30, "/groups", 200],
      [30, "/healthz", 200],
      [30, "/dev/mailbox", 200],
    ]);
    expect(requests[0]?.msg).toMatch(/^GET \/groups 200 \d+ms$/);
  });

  it("has the web build's files at debug", async () => {
    const lines = await walkThroughAPage("debug");
    expect(lines.filter((l) => l.res && l.level === 20).map((l) => l.req?.url)).toEqual([
      "/assets/index-abc.js",
      "/favicon.svg",
    ]);
  });

  it("shows a dev-mailbox e-mail as one short line with its link", async () => {
    const lines = await walkThroughAPage("info");
    expect(lines.map((l) => l.msg)).toContain("mail to ada@example.com: http://localhost:3000/verify-email?token=abc");
  });
});
