import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { useHarness, groupWith } from "@hyn/api/testing";
import { silentLogger } from "@hyn/core";
import { emailOutbox } from "@hyn/db";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { DAILY_DIGEST_JOB, dailyDigestJob } from "../src/jobs/daily-digest";
import { startJobEngine, type JobEngine, type RetryPolicy } from "../src/jobs/engine";
import { hoursAfter } from "./support/time";

const fixture = fileURLToPath(new URL("./fixtures/digest-worker-to-kill.ts", import.meta.url));
const serverDir = fileURLToPath(new URL("..", import.meta.url));
// Short enough for a test: a job whose worker is silent for 2 s is taken back, and retried 1 s later.
const policy: Partial<RetryPolicy> = { expireInSeconds: 2, retryDelaySeconds: 1, retryLimit: 3 };

const h = useHarness();
// The summary's hour is this hour: one missed by more than DIGEST_MISSED_AFTER_MS is skipped (ADR 0034),
// so a fixed hour would fail the test for most of the day. The killed worker is told the same hour.
const SUMMARY_HOUR = new Date().getUTCHours();
let engine: JobEngine | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  child?.kill("SIGKILL");
  await engine?.stop();
});

/** Starts the fixture and resolves each time it prints `line`. */
function startWorkerToKill(url: string) {
  const worker = spawn(process.execPath, ["--import", "tsx", fixture], {
    cwd: serverDir,
    env: {
      ...process.env,
      JOB_DATABASE_URL: url,
      JOB_POLICY: JSON.stringify(policy),
      SUMMARY_HOUR: String(SUMMARY_HOUR),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  worker.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const printed = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (out.includes(line) ? resolve() : undefined);
      worker.stdout.on("data", check);
      worker.on("exit", (code) => reject(new Error(`worker exited (${code}) before printing "${line}"`)));
      check();
    });
  return { worker, printed };
}

describe("a job whose process is killed", () => {
  it("is taken back and retried on another instance, and the daily summary still reaches each member once", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const members = [];
    for (const name of ["Bo", "Cy", "Dee", "Eve", "Fay"]) {
      const member = await h.signUpUser({ name });
      await member.caller.user.updateEmailPreferences({ frequency: "daily" });
      members.push(member);
    }
    const street = await groupWith(h, ann, members);
    await ann.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: hoursAfter(h.clock, 72),
    });

    const { worker, printed } = startWorkerToKill(h.url!);
    child = worker;
    await printed("ready");
    // This instance only sends for now: the child's worker takes the job.
    engine = await startJobEngine(h.handle, silentLogger, {
      pollingIntervalSeconds: 0.5,
      expiryCheckIntervalSeconds: 1,
    });
    await engine.send(DAILY_DIGEST_JOB, {});
    await printed("frozen after two members");
    worker.kill("SIGKILL");

    const attempts: number[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const job = dailyDigestJob({
      clock: h.clock,
      logger: silentLogger,
      schedule: { hour: SUMMARY_HOUR, timeZone: "UTC" },
      run: (options) => h.services.notifications.runDailyDigest(options),
    });
    await engine.define(
      DAILY_DIGEST_JOB,
      async (data, context) => {
        attempts.push(context.retryCount);
        await job(data, context);
        done();
      },
      policy,
    );
    await finished;

    expect(attempts).toEqual([1]);
    const digests = await h.db
      .select({ userId: emailOutbox.userId })
      .from(emailOutbox)
      .where(eq(emailOutbox.emailType, "daily_digest"));
    expect(digests.map((d) => d.userId).sort()).toEqual(members.map((m) => m.user.id).sort());
  }, 60_000);
});
