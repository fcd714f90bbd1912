/**
 * `pnpm bench:outbox [-- --db postgres://... --emails 10000 --instances 1]`: how long the outbox takes
 * to hand a burst of e-mails to a local SMTP server. A benchmark, never part of `pnpm test`.
 *
 * It creates a scratch database on the server of --db (or DATABASE_URL), migrates it, queues the burst
 * with one INSERT ... SELECT generate_series, then starts the app (`buildApp` with SMTP_URL pointing
 * at the sink, so the production transport and worker) on as many instances as asked, and times the
 * drain until no e-mail is unsent. The sink runs in this process too; it also checks exactly once.
 */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { MAIL_SEND_CONCURRENCY, verificationEmail } from "@hyn/core";
import { startSmtpSink } from "@hyn/core/smtp-sink";
import { createDb, emailOutbox, runMigrations } from "@hyn/db";
import { buildApp } from "@hyn/server";
import { parseEnv } from "@hyn/server/env";
import { isNull, sql } from "drizzle-orm";
import postgres from "postgres";

function parseArgs(argv: string[]) {
  const args = argv.filter((a) => a !== "--");
  const options = { db: process.env.DATABASE_URL, emails: 10_000, instances: 1 };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i]!, args[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--db") options.db = value;
    else if (flag === "--emails") options.emails = Number(value);
    else if (flag === "--instances") options.instances = Number(value);
    else throw new Error(`unknown flag ${flag}`);
  }
  if (!options.db)
    throw new Error("set DATABASE_URL or pass --db postgres://... (a scratch database is created on that server)");
  return options as typeof options & { db: string };
}

const out = (line = "") => process.stdout.write(`${line}\n`);
const options = parseArgs(process.argv.slice(2));
const scratchName = `hyn_bench_outbox_${process.pid}`;
const admin = postgres(options.db, { max: 1, onnotice: () => undefined });
await admin.unsafe(`CREATE DATABASE ${scratchName}`);
const scratchUrl = Object.assign(new URL(options.db), { pathname: `/${scratchName}` }).toString();

const sink = await startSmtpSink();
const db = await createDb({ url: scratchUrl });
try {
  await runMigrations(db, scratchUrl);
  // A real e-mail's size: the verification template with a link of a real token's length.
  const sample = verificationEmail(
    "x@example.com",
    `http://localhost:3000/auth/callback?token_hash=${"t".repeat(32)}&type=signup`,
    "en",
  );
  await db.db.execute(sql`
    INSERT INTO email_outbox (email_type, to_address, subject, text_body, html_body, next_attempt_at)
    SELECT 'bench', 'n' || i || '@example.com', 'Bench #' || i, ${sample.text}, ${sample.html}, now()
    FROM generate_series(1, ${options.emails}) AS i`);

  const env = parseEnv({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATABASE_URL: scratchUrl,
    SMTP_URL: sink.url,
    WEB_DIST: "/nonexistent",
  });
  const handles = await Promise.all(Array.from({ length: options.instances }, () => createDb({ url: scratchUrl })));
  const instances = await Promise.all(handles.map((handle) => buildApp({ env, db: handle })));
  const started = performance.now();
  for (const app of instances) void app.outbox?.kick();
  const unsent = async () =>
    (
      await db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(isNull(emailOutbox.sentAt))
    )[0]!.n;
  for (let left = options.emails; left > 0; left = await unsent()) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  for (const app of instances) await app.server.close();
  for (const handle of handles) await handle.close();

  const distinct = new Set(sink.received.map((m) => m.subject)).size;
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      load: os.loadavg().map((l) => Math.round(l * 100) / 100),
      node: process.version,
    },
    emails: options.emails,
    instances: options.instances,
    slotsPerInstance: MAIL_SEND_CONCURRENCY,
    seconds: Math.round(seconds * 10) / 10,
    emailsPerSecond: Math.round(options.emails / seconds),
    received: sink.received.length,
    duplicates: sink.received.length - distinct,
    smtpConnections: sink.connections,
    maxMessagesInFlight: sink.maxMessagesInFlight,
  };
  out(
    `Outbox drain: ${result.emails} e-mails, ${result.instances} instance(s) x ${result.slotsPerInstance} slots: ${result.seconds} s (${result.emailsPerSecond}/s), ` +
      `${result.received} received, ${result.duplicates} duplicates, ${result.smtpConnections} SMTP connections, at most ${result.maxMessagesInFlight} in flight (${result.machine.cpus} cores, load ${result.machine.load.join(" ")})`,
  );
  const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));
  await mkdir(resultsDir, { recursive: true });
  const file = `${resultsDir}outbox-${result.date.replace(/[:.]/g, "-")}.json`;
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  out(`Written to ${file}`);
} finally {
  await db.close();
  await sink.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
  await admin.end();
}
