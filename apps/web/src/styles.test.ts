import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The colour tokens of styles.css. A custom property whose value names itself, or a var() of one that
 * is not defined, makes every declaration using it invalid, silently: the field outlines disappeared
 * that way (--input-border was defined as light-dark(var(--input-border), ...)).
 */
const source = fileURLToPath(new URL(".", import.meta.url));
const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(file);
    return entry.name.endsWith(".css") ? [file] : [];
  });
const stylesheets = cssFiles(source).map((file) => ({
  file: path.relative(source, file),
  css: readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, ""),
}));

const definitions = stylesheets.flatMap(({ file, css }) =>
  [...css.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((match) => ({ file, name: match[1]!, value: match[2]! })),
);
const defined = new Set(definitions.map((definition) => definition.name));

describe("the stylesheets' custom properties", () => {
  it("never define a property in terms of itself", () => {
    const selfReferences = definitions
      .filter(({ name, value }) => new RegExp(`var\\(\\s*${name}\\s*[,)]`).test(value))
      .map(({ file, name, value }) => `${file}: ${name}: ${value}`);
    expect(selfReferences).toEqual([]);
  });

  it("only use properties that are defined", () => {
    const undefinedUses = stylesheets.flatMap(({ file, css }) =>
      [...css.matchAll(/var\(\s*(--[\w-]+)\s*\)/g)]
        .filter((match) => !defined.has(match[1]!))
        .map((match) => `${file}: ${match[1]}`),
    );
    expect(undefinedUses).toEqual([]);
  });
});
