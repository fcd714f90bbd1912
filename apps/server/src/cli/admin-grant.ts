/** `pnpm admin:grant <email>`: makes an existing account an admin. */
import { createServices, silentLogger, systemClock } from "@hyn/core";
import { createDb, DataDirInUseError, runMigrations } from "@hyn/db";
import { parseEnv } from "../env";
import { exitOnUncaughtErrors } from "../exit-on-error";

exitOnUncaughtErrors();
const email = process.argv[2];
if (!email) {
  process.stderr.write("Usage: npx -y pnpm@10.34.8 admin:grant <email>\n");
  process.exit(2);
}
const env = parseEnv();
// PGlite cannot be opened twice: a grant made beside a running server would be lost, so none is made.
const db = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stderr.write(
    `The server is running on this data directory; stop it first, or use ADMIN_EMAILS.\n(${error.dataDir} is open in process ${error.ownerPid}. ADMIN_EMAILS=${email} makes the account an admin when the server starts.)\n`,
  );
  process.exit(1);
});
await runMigrations(db, env.DATABASE_URL);
const services = createServices({
  db: db.db,
  clock: systemClock,
  logger: silentLogger,
  config: {
    appUrl: env.APP_URL,
    requireEmailConfirmation: true,
    adminEmails: new Set(),
    feedbackTo: null,
    rateLimitMultiplier: 1,
  },
});
const granted = await services.accounts.grantAdmin(email);
await db.close();
process.stdout.write(granted ? `${email} is now an admin.\n` : `No account with the e-mail ${email}.\n`);
process.exit(granted ? 0 : 1);
