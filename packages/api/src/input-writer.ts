/**
 * The web client's half of the wire (ADR 0033): an input written in superjson's format, which the server
 * reads with superjson, by a few lines instead of the library (issue 44: the dashboard's first JavaScript).
 * What the web sends is plain data with Dates: a Date goes as its ISO text marked `["Date"]` (an invalid one
 * as null, as superjson writes it), `undefined` in an object is left out (absent and undefined are the same
 * to a schema) and in an array is null marked `["undefined"]`, and a number JSON cannot hold is marked
 * `["number"]`. Anything else that is not plain JSON (a Map, a Set, a bigint, a class, a `__proto__`, `constructor` or `prototype` key) is refused, so an
 * input the server would read differently never leaves. `input-writer.test.ts` holds it to superjson.
 */

type Marks = Record<string, [string]>;
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
/** The marks of one input: by path, and the value's own (a bare Date), which superjson writes alone. */
interface Written {
  marks: Marks;
  own: [string] | null;
}

/** A key as superjson's version 1 writes it in a path: dots and backslashes escaped. */
const pathKey = (key: string) => key.replace(/\\/g, "\\\\").replace(/\./g, "\\.");

function write(value: unknown, path: string | null, written: Written): unknown {
  const mark = (type: string) => {
    if (path === null) written.own = [type];
    else written.marks[path] = [type];
  };
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (Number.isFinite(value) && !Object.is(value, -0)) return value;
    mark("number");
    return Object.is(value, -0) ? "-0" : String(value);
  }
  if (value === undefined) {
    mark("undefined");
    return null;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    mark("Date");
    return value.toISOString();
  }
  const child = (key: string | number) => (path === null ? pathKey(String(key)) : `${path}.${pathKey(String(key))}`);
  if (Array.isArray(value)) return value.map((item, index) => write(item, child(index), written));
  if (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
    const json: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      // As superjson refuses them: keys that could reach a prototype where the input is read.
      if (PROTOTYPE_KEYS.has(key)) throw new TypeError(`input-writer: a ${key} key`);
      if (item !== undefined) json[key] = write(item, child(key), written);
    }
    return json;
  }
  throw new TypeError(`input-writer: ${Object.prototype.toString.call(value)} is not something the web sends`);
}

export function writeInput(value: unknown): { json: unknown; meta?: { values: Marks | [string]; v: 1 } } {
  const written: Written = { marks: {}, own: null };
  const json = write(value, null, written);
  if (written.own) return { json, meta: { values: written.own, v: 1 } };
  if (Object.keys(written.marks).length === 0) return { json };
  return { json, meta: { values: written.marks, v: 1 } };
}
