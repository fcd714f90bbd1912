import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * One operation per module (issue 39): no function in packages/core/src runs over MAX_FUNCTION_LINES lines,
 * so a service is a short file composing operations, each in a module named for it (`accounts/service.ts`,
 * `trips/service.ts`).
 */
const MAX_FUNCTION_LINES = 150;

const root = path.resolve(import.meta.dirname, "..");

/** Every function of a source file with a body, by `<file> <name>`, and its length in lines. */
function functionLengths(file: string): [string, number][] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
  const lengths: [string, number][] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const name =
        node.name && ts.isIdentifier(node.name) ? node.name.text : `(anonymous at line ${lineOf(node.getStart()) + 1})`;
      lengths.push([`${file} ${name}`, lineOf(node.end) - lineOf(node.getStart()) + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lengths;
}

const coreSources = readdirSync(path.join(root, "packages/core/src"), { recursive: true, encoding: "utf8" })
  .map((file) => path.posix.join("packages/core/src", file.split(path.sep).join("/")))
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));

describe("the core's functions", () => {
  it(`stay within ${MAX_FUNCTION_LINES} lines`, () => {
    const tooLong = coreSources
      .flatMap(functionLengths)
      .filter(([, lines]) => lines > MAX_FUNCTION_LINES)
      .map(([name, lines]) => `${name}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
