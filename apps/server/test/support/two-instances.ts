import type { HarnessInUse } from "@hyn/api/testing";
import { createServices, silentLogger, type Services } from "@hyn/core";
import { afterEach } from "vitest";
import { startJobEngine, type JobEngine } from "../../src/jobs/engine";
import { defineTimedJob, TIMED_JOBS, type TimedJobKind, type TimedJobOf } from "../../src/jobs/timed-jobs";

export interface TwoInstances {
  /** The services of each instance: posts and claims go through either. */
  one: Services;
  two: Services;
  /** Lets the engines run the held jobs: call it once the posts and claims are done. */
  go: () => void;
  /** What the engines' runs of the job under test answered, in the order they ended. */
  outcomes: string[];
}

/**
 * Two app instances on one PostgreSQL database, as two servers would be: each with its own job engine
 * (pg-boss, the real one) and its own services over the harness's database and clock. The engines hold
 * the jobs of `kind` until `go()`; the other timed jobs get a handler that does nothing. Engines stop
 * after each test.
 */
export function useTwoInstances(h: HarnessInUse) {
  const engines: JobEngine[] = [];
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  });
  return async function startTwoInstances<K extends TimedJobKind>(
    kind: K,
    run: (services: Services, job: TimedJobOf<K>) => Promise<string>,
  ): Promise<TwoInstances> {
    let go!: () => void;
    const started = new Promise<void>((resolve) => (go = resolve));
    const outcomes: string[] = [];
    const instances: Services[] = [];
    for (let i = 0; i < 2; i++) {
      const engine = await startJobEngine(h.handle, silentLogger, { pollingIntervalSeconds: 0.5 });
      engines.push(engine);
      const services = createServices({
        db: h.db,
        clock: h.clock,
        config: h.config,
        logger: silentLogger,
        jobs: engine,
      });
      instances.push(services);
      for (const other of Object.keys(TIMED_JOBS) as TimedJobKind[])
        if (other !== kind)
          await defineTimedJob(engine, other, { logger: silentLogger, run: async () => "not under test" });
      await defineTimedJob(engine, kind, {
        logger: silentLogger,
        run: async (job) => {
          await started;
          const outcome = await run(services, job);
          outcomes.push(outcome);
          return outcome;
        },
      });
    }
    return { one: instances[0]!, two: instances[1]!, go, outcomes };
  };
}
