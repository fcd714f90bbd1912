/** `admin:grant <email>`: makes an existing account an admin. */
import { createServices, silentLogger, systemClock } from "@hyn/core";
import { createDb, DataDirInUseError, runMigrations } from "@hyn/db";
import { CommandError, operatorCommand, runOperatorCommand } from "./operator-command";

const USAGE = "scripts/pnpm admin:grant [--env-file FILE] <email>";

await runOperatorCommand(async () => {
  const { env, args } = operatorCommand(process.argv.slice(2), { usage: USAGE, creates: false });
  const email = args[0];
  if (!email) throw new CommandError(`Usage: ${USAGE}`, 2);
  // PGlite cannot be opened twice: a grant made beside a running server would be lost, so none is made.
  const db = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new CommandError(
      `The server is running on this data directory; stop it first, or use ADMIN_EMAILS.\n(${error.dataDir} is open in process ${error.ownerPid}. ADMIN_EMAILS=${email} makes the account an admin when the server starts.)`,
    );
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
  if (!granted) throw new CommandError(`No account with the e-mail ${email}.`);
  process.stdout.write(`${email} is now an admin.\n`);
  process.exit(0);
});
