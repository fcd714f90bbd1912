import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The repository stands alone: a clone has nothing beside it, and no global pnpm (README). */
const root = path.resolve(import.meta.dirname, "..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const docs = ["README.md", ...readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md")).map((f) => path.join("docs", f))];
const pnpmVersion = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { packageManager: string }).packageManager.replace("pnpm@", "");

describe("the repository's documentation", () => {
  it("points at nothing outside the repository", () => {
    for (const file of docs) expect({ file, outside: readFileSync(path.join(root, file), "utf8").match(/\.\.\/shared\/\S*/g) }).toEqual({ file, outside: null });
  });

  it("describes the product itself, and the README says where", () => {
    const product = readFileSync(path.join(root, "docs/PRODUCT.md"), "utf8");
    for (const topic of ["## 2. Screens", "## 4. How things change", "## 5. What is checked", "## 9. Limits", "The dev mailbox", "Live updates", "The answer cache", "Demo mode"]) expect(product).toContain(topic);
    expect(readme).toContain("`docs/PRODUCT.md`");
  });

  it("gives every command in the README with the pinned pnpm through npx", () => {
    expect(readme.match(/`pnpm [a-z]/g)).toBeNull();
    expect(readme).toContain(`npx -y pnpm@${pnpmVersion} admin:grant`);
    for (const [, version] of readme.matchAll(/pnpm@([\d.]+)/g)) expect(version).toBe(pnpmVersion);
  });
});
