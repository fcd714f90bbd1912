import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Dependencies run one way (ARCHITECTURE "Dependency direction"): no import circle between modules.
 * A module is a directory under a package's src (core/src/requests, web/src/features/groups, ...) or a
 * file lying directly in src (api/src/trpc.ts). Imports inside one module may go both ways; imports
 * between modules, through relative paths or `@hyn/*` package exports, may not form a cycle.
 * Type-only imports count: a type that two modules share belongs below both of them.
 */
const root = path.resolve(import.meta.dirname, "..");
const sourceRoots = [
  "packages/api/src",
  "packages/core/src",
  "packages/db/src",
  "packages/validators/src",
  "apps/web/src",
  "apps/server/src",
];
/** Directories that group modules rather than being one: each child directory is a module. */
const groupingDirectories = ["apps/web/src/features"];

const sourceFile = /\.(ts|tsx)$/;
const testFile = /\.(test|spec)\.(ts|tsx)$|\.d\.ts$/;

function listSources(directory: string): string[] {
  return readdirSync(path.join(root, directory), { recursive: true, encoding: "utf8" })
    .map((file) => path.posix.join(directory, file.split(path.sep).join("/")))
    .filter((file) => sourceFile.test(file) && !testFile.test(file) && !file.includes("/node_modules/"));
}

/** What a package name and subpath resolve to, from each package.json's `exports`. */
function packageExports(): Map<string, string> {
  const exports = new Map<string, string>();
  for (const directory of ["packages/api", "packages/core", "packages/db", "packages/validators", "apps/server"]) {
    const manifest = JSON.parse(readFileSync(path.join(root, directory, "package.json"), "utf8")) as {
      name: string;
      exports: Record<string, string>;
    };
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      exports.set(
        subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
        path.posix.join(directory, target.replace(/^\.\//, "")),
      );
    }
  }
  return exports;
}

function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = path.posix.join(path.posix.dirname(fromFile), specifier).replace(/\.js$/, "");
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (sourceFile.test(candidate) && existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

/** Every module specifier a file names: static imports and re-exports (type-only too), and dynamic imports. */
export function specifiersOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

export function moduleOf(file: string): string {
  const sourceRoot = sourceRoots.find((candidate) => file.startsWith(`${candidate}/`));
  if (!sourceRoot) return file;
  const grouping = groupingDirectories.find((candidate) => file.startsWith(`${candidate}/`));
  const base = grouping ?? sourceRoot;
  const [first, ...rest] = file.slice(base.length + 1).split("/");
  return rest.length === 0 ? `${base}/${first!.replace(sourceFile, "")}` : `${base}/${first}`;
}

type Graph = Map<string, Map<string, string>>;

/** Module → module it imports → one file's import that makes the edge (for the failure message). */
function moduleGraph(): Graph {
  const exports = packageExports();
  const graph: Graph = new Map();
  for (const file of sourceRoots.flatMap(listSources)) {
    const from = moduleOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const specifier of specifiersOf(readFileSync(path.join(root, file), "utf8"))) {
      const target = specifier.startsWith(".") ? resolveRelative(file, specifier) : (exports.get(specifier) ?? null);
      if (target === null) continue;
      const to = moduleOf(target);
      if (to !== from && !graph.get(from)!.has(to)) graph.get(from)!.set(to, `${file} imports "${specifier}"`);
    }
  }
  return graph;
}

/** Strongly connected components of two or more modules (Tarjan), each sorted. */
export function circlesOf(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** Each circle with the imports that close it, so a failure says which lines to move. */
function describeCircle(graph: Graph, circle: string[]): string[] {
  return circle.flatMap((from) =>
    circle.filter((to) => graph.get(from)?.has(to)).map((to) => `${from} → ${to}: ${graph.get(from)!.get(to)}`),
  );
}

describe("the modules' imports", () => {
  const graph = moduleGraph();

  it("read the whole source tree", () => {
    expect(graph.get("packages/core/src/requests")?.has("packages/db/src/index")).toBe(true);
    expect(graph.get("apps/web/src/features/requests")?.has("packages/validators/src/rules")).toBe(true);
  });

  it("form no circle between modules", () => {
    const circles = circlesOf(graph);
    expect(circles.map((circle) => describeCircle(graph, circle))).toEqual([]);
  });
});

describe("the circle finder", () => {
  it("finds a circle through three modules and none in a chain", () => {
    const edges = (pairs: [string, string][]): Graph => {
      const graph: Graph = new Map();
      for (const [from, to] of pairs) {
        if (!graph.has(from)) graph.set(from, new Map());
        if (!graph.has(to)) graph.set(to, new Map());
        graph.get(from)!.set(to, "");
      }
      return graph;
    };
    expect(
      circlesOf(
        edges([
          ["a", "b"],
          ["b", "c"],
          ["c", "a"],
          ["c", "d"],
        ]),
      ),
    ).toEqual([["a", "b", "c"]]);
    expect(
      circlesOf(
        edges([
          ["a", "b"],
          ["b", "c"],
          ["a", "c"],
        ]),
      ),
    ).toEqual([]);
  });

  it("reads static, re-exported, type-only and dynamic imports, not commented ones", () => {
    const source = `import { a } from "./a";\nimport type { B } from "../b";\nexport { c } from "@hyn/c";\nimport "./d";\nconst e = await import("./e");\n// import { f } from "./f";\n`;
    expect(specifiersOf(source)).toEqual(["./a", "../b", "@hyn/c", "./d", "./e"]);
  });

  it("names a module by its directory under src, or by a file lying directly in src", () => {
    expect(moduleOf("packages/core/src/requests/service.ts")).toBe("packages/core/src/requests");
    expect(moduleOf("packages/api/src/trpc.ts")).toBe("packages/api/src/trpc");
    expect(moduleOf("apps/web/src/features/groups/GroupCard.tsx")).toBe("apps/web/src/features/groups");
  });
});
