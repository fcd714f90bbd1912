import superjson from "superjson";

type SuperJSONResult = ReturnType<typeof superjson.serialize>;

/** Thrown inside the walk when a value needs more than "plain JSON and Dates": superjson takes over. */
const NEEDS_SUPERJSON = Symbol("needs superjson");
/** Deeper than any answer of ours: treated as a possible cycle, which superjson reports properly. */
const MAX_DEPTH = 64;

/** superjson's path syntax: keys joined by ".", with "\" and "." escaped. */
const escapeKey = (key: string) =>
  key.includes(".") || key.includes("\\") ? key.replace(/\\/g, "\\\\").replace(/\./g, "\\.") : key;

/**
 * The answers of our procedures are plain objects, arrays, strings, finite numbers, booleans, null and
 * Dates. superjson walks such an answer generically (identity tracking, a class registry, path
 * strings for every node): on the dashboard that was a fifth of the server's CPU per load (issue 6,
 * docs/PERFORMANCE.md). This walk only finds the Dates' paths and leaves the answer as it is, since
 * `JSON.stringify` writes a Date exactly as superjson does (its ISO string). The result is superjson's
 * own format, so the client deserializes it with superjson unchanged. Anything else (undefined,
 * NaN, Map, class instances, ...) falls back to superjson for the whole answer.
 */
export function serializeOutput(value: unknown): SuperJSONResult {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? superjson.serialize(value)
      : { json: value as never, meta: { values: ["Date"], v: 1 } };
  }
  const datePaths: string[] = [];
  const path: string[] = [];

  const walk = (node: unknown, depth: number): void => {
    if (node === null || typeof node === "string" || typeof node === "boolean") return;
    if (typeof node === "number") {
      if (!Number.isFinite(node) || Object.is(node, -0)) throw NEEDS_SUPERJSON;
      return;
    }
    if (typeof node !== "object" || depth > MAX_DEPTH) throw NEEDS_SUPERJSON;
    if (node instanceof Date) {
      if (Number.isNaN(node.getTime())) throw NEEDS_SUPERJSON;
      datePaths.push(path.map(escapeKey).join("."));
      return;
    }
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        path.push(String(index));
        walk(node[index], depth + 1);
        path.pop();
      }
      return;
    }
    const prototype: unknown = Object.getPrototypeOf(node);
    if (prototype !== Object.prototype && prototype !== null) throw NEEDS_SUPERJSON;
    for (const key of Object.keys(node)) {
      path.push(key);
      walk((node as Record<string, unknown>)[key], depth + 1);
      path.pop();
    }
  };

  try {
    walk(value, 0);
  } catch (error) {
    if (error === NEEDS_SUPERJSON) return superjson.serialize(value);
    throw error;
  }
  if (datePaths.length === 0) return { json: value as never };
  const values: Record<string, ["Date"]> = {};
  for (const datePath of datePaths) values[datePath] = ["Date"];
  return { json: value as never, meta: { values, v: 1 } };
}

/**
 * Inputs are read by superjson as before; answers are written by `serializeOutput`, in superjson's
 * format. The web client keeps plain `superjson` for both directions.
 */
export const transformer = {
  input: superjson,
  output: { serialize: serializeOutput, deserialize: (data: SuperJSONResult) => superjson.deserialize(data) },
};
