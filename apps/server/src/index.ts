import { DataDirInUseError } from "@hyn/db";
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
  if (error instanceof DataDirInUseError) {
    // A second server, or a stale claim whose pid now belongs to another program (after a reboot).
    process.stderr.write(`${error.message}: stop that server first, or delete ${error.ownerFile} if it is not one.\n`);
    process.exit(1);
  }
  throw error;
}
