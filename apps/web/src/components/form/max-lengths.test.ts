import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * How many characters a field takes is a product number of @hyn/validators' policy constants (issue 39 §3):
 * a form that writes it as a literal restates it, and goes on saying the old number once the policy changes.
 */
const source = fileURLToPath(new URL("../..", import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

/** `maxLength={500}`, `maxLength: 500`, `maxLength={ 1_000 }`: a number where a constant belongs. */
const LITERAL = /\bmaxLength\s*(?:=\s*\{\s*|:\s*)[\d_.]+\s*[},\n]/g;

function literalMaxLengths(text: string): string[] {
  return text.match(LITERAL) ?? [];
}

describe("the web's most characters per field", () => {
  it("finds a number written where a policy constant belongs", () => {
    expect(literalMaxLengths(`<TextField maxLength={500} />`)).toHaveLength(1);
    expect(literalMaxLengths(`{ maxLength: 1_000, rows: 3 }`)).toHaveLength(1);
    expect(literalMaxLengths(`<TextField maxLength={MAX_NAME_LENGTH} />`)).toEqual([]);
  });

  it("are the policy constants, never a number written in a form", () => {
    const found = sourceFiles(source).flatMap((file) =>
      literalMaxLengths(readFileSync(file, "utf8")).map((hit) => `${path.relative(source, file)}: ${hit.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
