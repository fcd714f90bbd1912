import { pruneSentEmails, type Clock } from "@hyn/core";
import type { Database } from "@hyn/db";
import type { JobEngine } from "./engine";

export const OUTBOX_PRUNE_JOB = "outbox-prune";

/** One pass: deletes e-mails sent more than 30 days ago by the app's clock (their bodies are already empty); never an unsent one. */
export function outboxPruningPass(db: Database, clock: Clock): () => Promise<void> {
  return async () => {
    await pruneSentEmails(db, clock.now());
  };
}

/** Hourly, on one instance at a time (ADR 0002, ADR 0013). */
export async function scheduleOutboxPruning(engine: JobEngine, db: Database, clock: Clock): Promise<void> {
  await engine.every(OUTBOX_PRUNE_JOB, "17 * * * *", outboxPruningPass(db, clock));
}
