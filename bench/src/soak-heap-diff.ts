/**
 * Compares two V8 heap snapshots (.heapsnapshot, as `--heapsnapshot-signal` writes them): the live
 * objects' self size and count per type and constructor name, and the groups that grew most between
 * them. For the memory soak (soak.ts, issue 24).
 *
 *   npx tsx bench/src/soak-heap-diff.ts before.heapsnapshot after.heapsnapshot [--top 25]
 */
import { readFileSync } from "node:fs";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

interface Group {
  size: number;
  count: number;
}

/** Self size and count per "type:name" (strings, arrays and code grouped by type alone). */
export function groupsOf(file: string): { total: number; groups: Map<string, Group> } {
  const snapshot = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const groups = new Map<string, Group>();
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]!]!;
    const size = snapshot.nodes[i + sizeAt]!;
    const key =
      type === "object" || type === "closure" || type === "native"
        ? `${type}:${snapshot.strings[snapshot.nodes[i + nameAt]!]}`
        : type;
    const group = groups.get(key) ?? { size: 0, count: 0 };
    group.size += size;
    group.count += 1;
    groups.set(key, group);
    total += size;
  }
  return { total, groups };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const [beforeFile, afterFile] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  if (!beforeFile || !afterFile)
    throw new Error("usage: soak-heap-diff.ts before.heapsnapshot after.heapsnapshot [--top N]");
  const topIndex = process.argv.indexOf("--top");
  const top = topIndex === -1 ? 25 : Number(process.argv[topIndex + 1]);
  const before = groupsOf(beforeFile);
  const after = groupsOf(afterFile);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  process.stdout.write(`heap (live objects' self size): ${mb(before.total)} MB -> ${mb(after.total)} MB\n`);
  const keys = new Set([...before.groups.keys(), ...after.groups.keys()]);
  const rows = [...keys].map((key) => {
    const b = before.groups.get(key) ?? { size: 0, count: 0 };
    const a = after.groups.get(key) ?? { size: 0, count: 0 };
    return {
      key,
      beforeMb: mb(b.size),
      afterMb: mb(a.size),
      growthKb: Math.round((a.size - b.size) / 1024),
      countBefore: b.count,
      countAfter: a.count,
    };
  });
  rows.sort((x, y) => y.growthKb - x.growthKb);
  for (const row of rows.slice(0, top))
    process.stdout.write(
      `${String(row.growthKb).padStart(8)} KB  ${row.beforeMb} -> ${row.afterMb} MB  ${row.countBefore} -> ${row.countAfter}  ${row.key}\n`,
    );
}
