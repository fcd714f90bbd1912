import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MAIL_SEND_CONCURRENCY, OUTBOX_LEASE_MS, enqueueEmail, systemClock } from "@hyn/core";
import { startSmtpSink, type SmtpSink } from "@hyn/core/smtp-sink";
import { emailOutbox } from "@hyn/db";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import { asc, isNull, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

const fixture = fileURLToPath(new URL("./fixtures/outbox-worker-to-kill.ts", import.meta.url));
const serverDir = fileURLToPath(new URL("..", import.meta.url));
const RECIPIENTS = 24;
const PER_RECIPIENT = 10;

let database: TestDatabase | undefined;
let sink: SmtpSink | undefined;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await sink?.close();
  await database?.close();
  database = sink = undefined;
});

/** A server instance's process, loaded and connected; `start()` starts its outbox worker. */
async function loadInstance(databaseUrl: string, smtpUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", fixture], {
    cwd: serverDir,
    env: { ...process.env, OUTBOX_DATABASE_URL: databaseUrl, OUTBOX_SMTP_URL: smtpUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const printed = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (out.includes(line) ? resolve() : undefined);
      child.stdout.on("data", check);
      child.on("exit", (code) => reject(new Error(`outbox instance exited (${code}) before printing "${line}"`)));
      check();
    });
  await printed("loaded");
  return {
    child,
    exited,
    async start() {
      child.kill("SIGUSR2");
      await printed("ready");
    },
  };
}

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`not ${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Each recipient's e-mails as Message-IDs, in order, copies after the first left out (as mail systems drop them). */
function perRecipient(emails: { to: string; messageId: string }[]) {
  const seen = new Set<string>();
  const lists = new Map<string, string[]>();
  for (const { to, messageId } of emails) {
    if (seen.has(messageId)) continue;
    seen.add(messageId);
    lists.set(to, [...(lists.get(to) ?? []), messageId]);
  }
  return Object.fromEntries([...lists].sort(([a], [b]) => a.localeCompare(b)));
}

describe("an instance killed mid-burst of e-mails", () => {
  it("is replaced by one that sends every e-mail within seconds, in each recipient's order, again only those that were in flight", async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    // Sends take a moment, so the kill finds several in flight.
    sink = await startSmtpSink({ acceptDelayMs: 20 });
    // The burst: each recipient's e-mails in a sequence, the recipients interleaved.
    await db.transaction(async (tx) => {
      for (let n = 0; n < PER_RECIPIENT; n++) {
        for (let r = 0; r < RECIPIENTS; r++) {
          await enqueueEmail(tx, systemClock.now(), {
            type: "feedback",
            to: `r${r}@example.com`,
            subject: `r${r} #${n}`,
            text: "t",
            html: "<p>t</p>",
          });
        }
      }
    });
    const queued = await db
      .select({ to: emailOutbox.toAddress, messageId: emailOutbox.messageId })
      .from(emailOutbox)
      .orderBy(asc(emailOutbox.seq));
    const total = RECIPIENTS * PER_RECIPIENT;
    expect(new Set(queued.map((e) => e.messageId)).size).toBe(total);

    // The replacement loads beside it (a process takes seconds to load on a busy machine) and starts after the kill.
    const [first, replacement] = await Promise.all([
      loadInstance(database.url!, sink.url),
      loadInstance(database.url!, sink.url),
    ]);
    await first.start();
    await until(() => sink!.received.length >= total / 3, "a third delivered", 20_000);
    first.child.kill("SIGKILL");
    await first.exited;
    const deliveredBeforeKill = sink.received.length;
    expect(deliveredBeforeKill).toBeLessThan(total);

    await replacement.start();
    const restartedAt = performance.now();
    const unsent = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(isNull(emailOutbox.sentAt))
      )[0]!.n;
    // A 2-minute lease (before issue 24) fails here.
    const drainBudgetMs = OUTBOX_LEASE_MS + 15_000;
    await until(async () => (await unsent()) === 0, "drained after the restart", drainBudgetMs);
    const drainMs = performance.now() - restartedAt;

    const received = sink.received.map((m) => ({ to: m.to.join(","), messageId: m.messageId }));
    const deliveries = new Map<string, number>();
    for (const { messageId } of received) deliveries.set(messageId, (deliveries.get(messageId) ?? 0) + 1);
    // Every e-mail delivered, under its own Message-ID, and nothing else.
    expect([...deliveries.keys()].sort()).toEqual(queued.map((e) => e.messageId).sort());
    // Copies only of the sends in flight at the kill: at most one instance's slots.
    const copies = received.length - deliveries.size;
    expect(copies).toBeLessThanOrEqual(MAIL_SEND_CONCURRENCY);
    expect(drainMs).toBeLessThan(drainBudgetMs);
    expect(perRecipient(received)).toEqual(perRecipient(queued));
  }, 60_000);
});
