import { EnvError, parseEnv } from "./env";
import { startServer } from "./start";

try {
  await startServer(parseEnv());
} catch (error) {
  if (error instanceof EnvError) {
    // One line naming the variable, and a non-zero exit (DESIGN §3).
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
