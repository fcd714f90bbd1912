import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createHarness, type Harness, type HarnessOptions } from "./harness";

export interface UseHarnessOptions extends HarnessOptions {
  /** "test": a fresh database for every test (the default); "file": one for the file's tests, which then keep to their own groups. */
  scope?: "test" | "file";
  /** Where the fake clock starts (sign-ups happen then too); now when absent. */
  startsAt?: Date;
}

export interface HarnessInUse extends Harness {
  /** For a test that needs other settings: closes the harness and opens one with these on top of the file's. */
  restart(options: HarnessOptions): Promise<void>;
}

/**
 * The harness of a test file: opened before its tests (each, or once, by `scope`) and closed after.
 * What it returns stands for the harness of the test running; reading it outside a test fails.
 */
export function useHarness(options: UseHarnessOptions = {}): HarnessInUse {
  const { scope = "test", startsAt, ...fileOptions } = options;
  let current: Harness | undefined;
  async function open(harnessOptions: HarnessOptions) {
    current = await createHarness(harnessOptions);
    if (startsAt) current.clock.set(startsAt);
  }
  async function restart(overrides: HarnessOptions) {
    await current?.close();
    await open({ ...fileOptions, ...overrides, config: { ...fileOptions.config, ...overrides.config } });
  }
  const [before, after] = scope === "file" ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(() => open(fileOptions));
  after(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as HarnessInUse, {
    get(_, property) {
      if (property === "restart") return restart;
      if (!current)
        throw new Error(
          `h.${String(property)} was read outside a test: the harness exists from useHarness's before-hook to its after-hook`,
        );
      return Reflect.get(current, property);
    },
  });
}
