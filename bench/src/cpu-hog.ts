import { spawn } from "node:child_process";

/**
 * A second process spinning on one core for as long as the benchmark runs (`pnpm bench -- --cpu-hog`):
 * the busy machine of issue 44 §2, on which the server must shed what it cannot serve in time with
 * 503 + Retry-After (ADR 0035) and fail nothing else. Plain node, nothing but a loop.
 */
export function startCpuHog(): { stop(): void } {
  const child = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  return {
    stop: () => {
      child.kill("SIGKILL");
    },
  };
}
