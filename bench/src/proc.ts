import { readdirSync, readFileSync } from "node:fs";

/**
 * A process's CPU time so far, in ms, from /proc/<pid>/stat (Linux; utime + stime, 100 Hz ticks).
 * The command name may hold spaces, so the fields are counted from its closing parenthesis.
 */
export function cpuMsOf(pid: number | string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's resident memory now, in bytes, from /proc/<pid>/status (Linux). */
export function rssOf(pid: number | string): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/** CPU time of every process with this command name so far, in ms (PostgreSQL runs one per connection). */
export function cpuMsOfAll(command: string): number {
  let total = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === command) total += cpuMsOf(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}
