import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The repository stands alone: a clone has nothing beside it, and no global pnpm (README). */
const root = path.resolve(import.meta.dirname, "..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const docs = [
  "README.md",
  ...readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("docs", f)),
];
const pnpmVersion = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { packageManager: string }
).packageManager.replace("pnpm@", "");
const readText = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Every file a comment or a doc can be in: sources, styles, scripts, SQL and the docs themselves. */
const skippedDirectories = new Set([
  "node_modules",
  "dist",
  "results",
  ".build",
  ".test-build",
  ".turbo",
  "test-results",
  "playwright-report",
]);
function textFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory())
      return skippedDirectories.has(entry.name) || entry.name.startsWith(".data") ? [] : textFiles(file);
    return /\.(ts|tsx|mts|js|mjs|css|html|md|sql)$/.test(entry.name) ? [file] : [];
  });
}
const citingFiles = [
  ...readdirSync(root).filter((f) => /\.(ts|js|md)$/.test(f)),
  ...["apps", "packages", "bench", "e2e", "test", "scripts", "deploy", "docs"].flatMap(textFiles),
];

/** A doc's headings as they are cited: `## 2. Screens` is "Screens". */
const headingsOf = (file: string) =>
  new Set([...readText(file).matchAll(/^#{2,4} +(?:\d+\. +)?(.+?) *$/gm)].map(([, heading]) => heading));
const citable = { PRODUCT: headingsOf("docs/PRODUCT.md"), ARCHITECTURE: headingsOf("docs/ARCHITECTURE.md") };
const adrNumbers = new Set(readdirSync(path.join(root, "docs/decisions")).map((f) => f.slice(0, 4)));

/** What is wrong with the citations in a text: a heading or ADR that is not there, or the documents the repository does not hold. */
function citationProblems(text: string): string[] {
  const problems: string[] = [];
  for (const [, doc, heading] of text.matchAll(/\b(PRODUCT|ARCHITECTURE) "([^"\n]+)"/g)) {
    if (!citable[doc as keyof typeof citable].has(heading!))
      problems.push(`${doc} "${heading}" is no heading of docs/${doc}.md`);
  }
  for (const [, numbers] of text.matchAll(/\bADRs? (\d{4}(?:(?:, | and | or |\/)\d{4})*)/g)) {
    for (const number of numbers!.match(/\d{4}/g)!)
      if (!adrNumbers.has(number)) problems.push(`ADR ${number} is not in docs/decisions`);
  }
  for (const [citation] of text.matchAll(/\b(?:SPEC|DESIGN)\s*§\s*\d*/g))
    problems.push(`"${citation}" cites a document outside the repository: cite a heading of docs/PRODUCT.md or an ADR`);
  return problems;
}

/** ARCHITECTURE's "Packages" table: each package's directory and the workspace packages its last column names. */
const workspacePackages = ["api", "core", "db", "i18n", "validators", "server", "web"];
function documentedDependencies(architecture: string): Map<string, string[]> {
  const table = architecture.split("## Packages")[1]!.split("\n## ")[0]!;
  const rows = new Map<string, string[]>();
  for (const [, directory, dependsOn] of table.matchAll(/^\| `([^`]+)` \|.*\| ([^|]+) \|$/gm)) {
    const named = dependsOn!.split(",").map((item) => item.trim().split(/[ /]/)[0]!);
    rows.set(directory!, named.filter((name) => workspacePackages.includes(name)).sort());
  }
  return rows;
}
const declaredDependencies = (directory: string) => {
  const manifest = JSON.parse(readText(`${directory}/package.json`)) as Record<
    "dependencies" | "devDependencies",
    Record<string, string> | undefined
  >;
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter((name) => name.startsWith("@hyn/"))
    .map((name) => name.slice("@hyn/".length))
    .sort();
};

describe("the repository's documentation", () => {
  it("points at nothing outside the repository", () => {
    for (const file of docs)
      expect({ file, outside: readFileSync(path.join(root, file), "utf8").match(/\.\.\/shared\/\S*/g) }).toEqual({
        file,
        outside: null,
      });
  });

  it("describes the product itself, and the README says where", () => {
    const product = readFileSync(path.join(root, "docs/PRODUCT.md"), "utf8");
    for (const topic of [
      "## 2. Screens",
      "## 4. How things change",
      "## 5. What is checked",
      "## 9. Limits",
      "The dev mailbox",
      "Live updates",
      "The answer cache",
      "Demo mode",
    ])
      expect(product).toContain(topic);
    expect(readme).toContain("`docs/PRODUCT.md`");
  });

  it("cites only headings and ADRs that exist, never the specification's section numbers", () => {
    const problems = citingFiles.flatMap((file) =>
      citationProblems(readText(file)).map((problem) => `${file}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it("would catch a citation of a missing heading, a missing ADR or a section number", () => {
    const cite = (...parts: string[]) => parts.join(" ");
    expect(citationProblems(cite("PRODUCT", '"Screens"', "and ADR", "0014"))).toEqual([]);
    expect(citationProblems(cite("PRODUCT", '"Toasts"'))).toHaveLength(1);
    const missing = "0099";
    expect(citationProblems(cite("ADRs", `0014, ${missing}`))).toEqual([
      `${cite("ADR", missing)} is not in docs/decisions`,
    ]);
    expect(citationProblems(cite("SPEC", "§9"))).toHaveLength(1);
  });

  it("names in ARCHITECTURE's package table exactly the workspace packages each package.json depends on", () => {
    const documented = documentedDependencies(readText("docs/ARCHITECTURE.md"));
    expect([...documented.keys()].sort()).toEqual([
      "apps/server",
      "apps/web",
      "packages/api",
      "packages/core",
      "packages/db",
      "packages/i18n",
      "packages/validators",
    ]);
    for (const [directory, names] of documented)
      expect({ directory, names }).toEqual({ directory, names: declaredDependencies(directory) });
  });

  it("lists each of the core's domains once in ARCHITECTURE's rules table", () => {
    const table = readText("docs/ARCHITECTURE.md").split("## Rules and where they live")[1]!.split("\n## ")[0]!;
    const domains = [...table.matchAll(/^\| ([^|]+) \|/gm)].map(([, domain]) => domain);
    expect(domains.filter((domain, index) => domains.indexOf(domain) !== index)).toEqual([]);
  });

  it("gives every directory of the core a row of its own in ARCHITECTURE's rules table", () => {
    const table = readText("docs/ARCHITECTURE.md").split("## Rules and where they live")[1]!.split("\n## ")[0]!;
    const rowDirectories = new Set([...table.matchAll(/^\| `([a-z-]+)\//gm)].map(([, directory]) => directory));
    const coreDirectories = readdirSync(path.join(root, "packages/core/src"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(coreDirectories.filter((directory) => !rowDirectories.has(directory))).toEqual([]);
  });

  it("lists in INTERNALS every source file that reaches into a library's internals", () => {
    const internals = readText("docs/INTERNALS.md");
    const reachesIn = /\b_def\b|unstable-core-do-not-import|\b_zod\b|\._\.session\b|\bcustomResultMapper\b/;
    const sources = ["apps", "packages"]
      .flatMap(textFiles)
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\/test\//.test(file));
    const unlisted = sources.filter((file) => reachesIn.test(readText(file)) && !internals.includes(`\`${file}\``));
    expect(unlisted).toEqual([]);
  });

  it("gives every command in the README with the pinned pnpm through npx", () => {
    expect(readme.match(/`pnpm [a-z]/g)).toBeNull();
    expect(readme).toContain(`npx -y pnpm@${pnpmVersion} admin:grant`);
    for (const [, version] of readme.matchAll(/pnpm@([\d.]+)/g)) expect(version).toBe(pnpmVersion);
  });
});
