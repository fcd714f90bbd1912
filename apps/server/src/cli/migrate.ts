/** `migrate`: applies the committed migrations to the configured database (the server also does at every start). */
import { createDb, runMigrations } from "@hyn/db";
import { operatorCommand, runOperatorCommand } from "./operator-command";

await runOperatorCommand(async () => {
  const { env, databaseName } = operatorCommand(process.argv.slice(2), {
    usage: "scripts/pnpm migrate [--env-file FILE]",
    creates: true,
  });
  const db = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const applied = await runMigrations(db, env.DATABASE_URL, {
    onLockWait: ({ migration, retryInMs }) =>
      process.stdout.write(`${migration} gave way to a live transaction; trying again in ${retryInMs} ms.\n`),
  });
  await db.close();
  for (const migration of applied) process.stdout.write(`applied migration ${migration}\n`);
  process.stdout.write(
    `${applied.length ? `${applied.length} migrations` : "No migration"} applied to ${databaseName}.\n`,
  );
  process.exit(0);
});
