/**
 * `pnpm demo`: the spec's local mock made real. A fresh embedded database in .data-demo, seeded with the
 * two sample users, a group they share and requests in every state, then the normal server.
 */
import { rm } from "node:fs/promises";
import { seedDemo, DEMO_ACCOUNTS } from "../demo/seed";
import { parseEnv, readProcessEnv } from "../env";
import { exitOnError, exitOnUncaughtErrors } from "../exit-on-error";
import { startServer } from "../start";

exitOnUncaughtErrors();
try {
  const processEnv = readProcessEnv();
  // Never the normal DATA_DIR: the demo wipes its folder at every start.
  const env = parseEnv({
    ...processEnv,
    DATA_DIR: processEnv.DEMO_DATA_DIR || ".data-demo",
    DATABASE_URL: "",
    REQUIRE_EMAIL_CONFIRMATION: "false",
  });
  await rm(env.DATA_DIR, { recursive: true, force: true });
  await startServer(env, { beforeListen: (db) => seedDemo(db.db), demoAccounts: [...DEMO_ACCOUNTS] });
  process.stdout.write(
    `\nDemo mode: sign in at ${env.APP_URL}/login as\n${DEMO_ACCOUNTS.map((a) => `  ${a.name}: ${a.email} / ${a.password}`).join("\n")}\n(Alex is also an admin: see ${env.APP_URL}/admin)\n\n`,
  );
} catch (error) {
  exitOnError(error);
}
