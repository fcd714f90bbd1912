import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bundleServer } from "@hyn/server/bundle";
import { nodeFlagsOfStartScript } from "@hyn/server/start-flags";
import type { RecordedStatement } from "@hyn/db";
import { cpuMsOf, rssOf } from "./proc";
import type { SameSqlPlan } from "./same-sql";

type ChildCommand =
  | { type: "baseline"; body: string }
  | { type: "statements" }
  | { type: "record" }
  | { type: "sameSql"; plans: SameSqlPlan[] }
  | { type: "recorded" }
  | { type: "stop" };
export type ChildRequest = ChildCommand & { id: number };
export type ChildReply =
  | { type: "ready"; appUrl: string; baselineUrl: string }
  | { type: "statements"; id: number; count: number }
  | { type: "recorded"; id: number; statements: RecordedStatement[] }
  | { type: "done"; id: number };

export interface ServerChild {
  appUrl: string;
  baselineUrl: string;
  setBaselineBody(body: string): Promise<void>;
  /** Gives the same-SQL reference (same-sql.ts) its plans: it answers `/same-sql/<path>` on the baseline's server. */
  setSameSqlPlans(plans: SameSqlPlan[]): Promise<void>;
  /** SQL statements the server has sent so far. */
  statementCount(): Promise<number>;
  /** Keeps the text and parameters of every statement the server sends until the returned function gives them. */
  recordStatements(): Promise<() => Promise<RecordedStatement[]>>;
  /** The server process's resident memory now, in bytes (Linux: /proc). */
  rss(): number;
  /** CPU time the server process has used so far, in ms (Linux: /proc, 100 Hz ticks). */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The Node flags `pnpm start` runs the server with (its heap size, ADR 0010), read from the root
 * package.json so the benchmark measures the server as it is started.
 */
export function productionNodeFlags(): string[] {
  return nodeFlagsOfStartScript(new URL("../../package.json", import.meta.url));
}

let bundled: Promise<string> | undefined;
/** Built once per run: a benchmark starts one server per database from the same code. */
function serverBundle(): Promise<string> {
  const outfile = fileURLToPath(new URL("../.build/server-process.mjs", import.meta.url));
  bundled ??= bundleServer({ entry: fileURLToPath(new URL("./server-process.ts", import.meta.url)), outfile }).then(
    () => outfile,
  );
  return bundled;
}

/**
 * Starts server-process.ts in a child process of its own against `databaseUrl`, built as the server
 * is for production (ADR 0007: one bundle run by plain node, no TypeScript loader in the process).
 */
export async function startServerChild(databaseUrl: string): Promise<ServerChild> {
  const child: ChildProcess = fork(await serverBundle(), [], {
    // BENCH_CPU_PROF_DIR=<dir>: the server writes a V8 CPU profile there when it stops (--cpu-prof).
    // BENCH_SERVER_FLAGS="--trace-gc ...": more Node/V8 flags for the server process alone.
    execArgv: [
      ...productionNodeFlags(),
      ...(process.env.BENCH_CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : []),
      ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting = new Map<number, (reply: ChildReply) => void>();
  let nextId = 1;
  const exited = new Promise<never>((_resolve, reject) =>
    child.once("exit", (code) => reject(new Error(`the benchmarked server exited (code ${code})`))),
  );
  exited.catch(() => undefined);

  const ready = new Promise<Extract<ChildReply, { type: "ready" }>>((resolve) => {
    child.on("message", (reply: ChildReply) => {
      if (reply.type === "ready") return resolve(reply);
      waiting.get(reply.id)?.(reply);
      waiting.delete(reply.id);
    });
  });
  const { appUrl, baselineUrl } = await Promise.race([ready, exited]);

  const ask = (request: ChildCommand): Promise<ChildReply> => {
    const id = nextId++;
    const answered = new Promise<ChildReply>((resolve) => waiting.set(id, resolve));
    child.send({ ...request, id });
    return Promise.race([answered, exited]);
  };

  return {
    appUrl,
    baselineUrl,
    setBaselineBody: async (body) => void (await ask({ type: "baseline", body })),
    setSameSqlPlans: async (plans) => void (await ask({ type: "sameSql", plans })),
    statementCount: async () => {
      const reply = await ask({ type: "statements" });
      return reply.type === "statements" ? reply.count : 0;
    },
    recordStatements: async () => {
      await ask({ type: "record" });
      return async () => {
        const reply = await ask({ type: "recorded" });
        return reply.type === "recorded" ? reply.statements : [];
      };
    },
    rss: () => rssOf(child.pid!),
    cpuMs: async () => cpuMsOf(child.pid!),
    stop: async () => {
      await ask({ type: "stop" });
      await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
    },
  };
}
