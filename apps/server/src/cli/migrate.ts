/** `migrate`: applies the committed migrations to the configured database (the server also does at every start). */
import { createDb, runMigrations } from "@hyn/db";
import { operatorCommand, runOperatorCommand } from "./operator-command";

await runOperatorCommand(async () => {
  const { env, databaseName } = operatorCommand(process.argv.slice(2), {
    usage: "scripts/pnpm migrate [--env-file FILE]",
    creates: true,
  });
  const db = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await runMigrations(db, env.DATABASE_URL);
  await db.close();
  process.stdout.write(`Migrations applied to ${databaseName}.\n`);
  process.exit(0);
});
