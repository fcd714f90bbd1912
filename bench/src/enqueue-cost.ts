/**
 * `pnpm bench:enqueue -- --db postgres://...`: what queuing one e-mail costs inside the transaction
 * that causes it, written to the outbox (ADR 0002) or sent as a pg-boss job (ADR 0013), one
 * transaction at a time: wall time (median, 90th percentile), this process's CPU and PostgreSQL's, per transaction. The database
 * is migrated first; rows written stay. A benchmark, never part of `pnpm test`. Linux only.
 */
import { enqueueEmail, silentLogger } from "@hyn/core";
import { createDb, runMigrations } from "@hyn/db";
import { startJobEngine } from "@hyn/server/jobs";
import { sql } from "drizzle-orm";
import { cpuMsOfAll } from "./proc";

const ROUNDS = 2000;
const args = process.argv.slice(2).filter((a) => a !== "--");
const url = args[0] === "--db" ? args[1] : process.env.DATABASE_URL;
if (!url) throw new Error("set DATABASE_URL or pass --db postgres://...");

const handle = await createDb({ url, maxConnections: 1 });
await runMigrations(handle, url);
const engine = await startJobEngine(handle, silentLogger);
// A queue without a worker here: only the enqueuing is measured.
await engine.define("bench-email", async () => undefined);
await engine.stop();
const sender = await startJobEngine(handle, silentLogger);
const email = {
  to: "dee@example.com",
  subject: "1 new request in your groups",
  text: "Milk — Ann in Elm Street\n".repeat(5),
  html: "<p>Milk</p>".repeat(5),
};

async function measure(
  name: string,
  inTransaction: (tx: Parameters<Parameters<typeof handle.db.transaction>[0]>[0]) => Promise<unknown>,
) {
  const once = () =>
    handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`); // the change the e-mail is about
      await inTransaction(tx);
    });
  for (let i = 0; i < 200; i++) await once();
  const [cpu, pg, statements] = [process.cpuUsage(), cpuMsOfAll("postgres"), handle.statementCount()];
  const walls: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await once();
    walls.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  walls.sort((a, b) => a - b);
  const row = (n: number) => n.toFixed(3).padStart(9);
  process.stdout.write(
    `${name.padEnd(28)}${row(walls[ROUNDS / 2]!)}${row(walls[Math.floor(ROUNDS * 0.9)]!)}${row((used.user + used.system) / 1000 / ROUNDS)}${row((cpuMsOfAll("postgres") - pg) / ROUNDS)}${row((handle.statementCount() - statements) / ROUNDS)}\n`,
  );
}

process.stdout.write(
  `${"per transaction".padEnd(28)}${"p50 ms".padStart(9)}${"p90 ms".padStart(9)}${"node ms".padStart(9)}${"pg ms".padStart(9)}${"stmts".padStart(9)}\n`,
);
for (let pass = 0; pass < 3; pass++) {
  await measure("nothing queued", async () => undefined);
  await measure("outbox row", (tx) => enqueueEmail(tx, new Date(), { ...email, type: "request_posted" }));
  await measure("pg-boss job (same tx)", (tx) => sender.send("bench-email", email, { in: tx }));
}
await sender.stop();
await handle.close();
