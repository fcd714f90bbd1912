import { parseEnv } from "./env";
import { exitOnError, exitOnUncaughtErrors } from "./exit-on-error";
import { startServer } from "./start";

exitOnUncaughtErrors();
try {
  await startServer(parseEnv());
} catch (error) {
  exitOnError(error);
}
