/** `pnpm admin:grant <email>`: makes an existing account an admin. */
import { createServices, silentLogger, systemClock } from "@hyn/core";
import { createDb, runMigrations } from "@hyn/db";
import { parseEnv } from "../env";
import { exitOnUncaughtErrors } from "../exit-on-error";

exitOnUncaughtErrors();
const email = process.argv[2];
if (!email) {
  process.stderr.write("Usage: pnpm admin:grant <email>\n");
  process.exit(2);
}
const env = parseEnv();
const db = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await runMigrations(db, env.DATABASE_URL);
const services = createServices({
  db: db.db,
  clock: systemClock,
  logger: silentLogger,
  config: { appUrl: env.APP_URL, productName: "Help Your Neighbor", requireEmailConfirmation: true, adminEmails: new Set(), feedbackTo: null, rateLimitMultiplier: 1 },
});
const granted = await services.accounts.grantAdmin(email);
await db.close();
process.stdout.write(granted ? `${email} is now an admin.\n` : `No account with the e-mail ${email}.\n`);
process.exit(granted ? 0 : 1);
