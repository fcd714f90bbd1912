/**
 * How an answer is made ready for `JSON.stringify` in superjson's format (ADR 0031): the same answer
 * with every Date as its ISO string, and the Dates' paths in `meta`, so the client's plain superjson
 * reads Dates back. The answer itself is never changed (a service may share its objects): the arrays
 * and objects on the way to a Date are copied, nothing else.
 *
 * Why not leave the Dates to `JSON.stringify`: a Date's `toJSON` takes V8's `JSON.stringify` off its
 * fast path and calls `toISOString` in C++, about 200 µs of the fresh dashboard's 160 Dates, and finding
 * their paths by walking every value of the answer cost as much again (docs/PERFORMANCE.md, issue 31).
 * A procedure's answer is therefore written by code compiled once from its output schema, which visits
 * only the fields where its schema allows a Date. Answers without such a writer (errors, live events)
 * and the parts of a schema it does not describe field by field (unions, records, `unknown`) take
 * the generic walk, which visits every value. Anything beyond plain JSON and Dates (undefined, NaN,
 * Map, class instances, cycles) makes superjson write the whole answer, as it always did.
 */
import superjson from "superjson";
import type { z } from "zod";
import { isoString } from "./iso-date";

export type SuperJSONResult = ReturnType<typeof superjson.serialize>;
export type AnswerWriter = (answer: unknown) => SuperJSONResult;

/** Thrown inside a walk when a value needs more than "plain JSON and Dates": superjson takes over. */
const NEEDS_SUPERJSON = Symbol("needs superjson");
/** Deeper than any answer of ours: treated as a possible cycle, which superjson reports properly. */
const MAX_DEPTH = 64;

/** superjson's path syntax: keys joined by ".", with "\" and "." escaped. */
const escapeKey = (key: string) =>
  key.includes(".") || key.includes("\\") ? key.replace(/\\/g, "\\\\").replace(/\./g, "\\.") : key;

/**
 * Writes `value` (at `path`, superjson's syntax, "" for the answer itself): returns it unchanged, or a
 * copy with its Dates as ISO strings; adds the Dates' paths to `dates`.
 */
type Visit = (value: unknown, path: string, dates: string[], depth: number) => unknown;

function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) throw NEEDS_SUPERJSON;
  return isoString(date);
}

const isPlainPrimitive = (value: unknown) =>
  value === null ||
  typeof value === "string" ||
  typeof value === "boolean" ||
  (typeof value === "number" && Number.isFinite(value) && !Object.is(value, -0));

/** Every value of `value`, whatever its shape. */
const visitAny: Visit = (value, path, dates, depth) => {
  if (isPlainPrimitive(value)) return value;
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) throw NEEDS_SUPERJSON;
  if (value instanceof Date) {
    const text = dateText(value);
    dates.push(path);
    return text;
  }
  const prefix = path === "" ? "" : `${path}.`;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (isPlainPrimitive(item)) continue;
      const written = visitAny(item, prefix + index, dates, depth + 1);
      if (written !== item) (copy ??= value.slice())[index] = written;
    }
    return copy ?? value;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw NEEDS_SUPERJSON;
  const object = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    const field = object[key];
    if (isPlainPrimitive(field)) continue;
    const written = visitAny(field, prefix + escapeKey(key), dates, depth + 1);
    if (written !== field) (copy ??= { ...object })[key] = written;
  }
  return copy ?? value;
};

const visitDate: Visit = (value, path, dates, depth) => {
  if (!(value instanceof Date)) return visitAny(value, path, dates, depth);
  const text = dateText(value);
  dates.push(path);
  return text;
};

/**
 * An array whose items may hold Dates. Compiled (`new Function`) per schema so that each array's loop
 * has its own call site for its items' visitor, as each object's visitor below has its own property reads.
 */
function arrayVisitor(visitItem: Visit): Visit {
  const body = `
    return function visitArray(value, path, dates, depth) {
      if (!Array.isArray(value) || depth > ${MAX_DEPTH}) return visitAny(value, path, dates, depth);
      const prefix = path === "" ? "" : path + ".";
      let copy = null;
      for (let index = 0; index < value.length; index++) {
        const item = value[index];
        if (item === null) continue;
        const written = visitItem(item, prefix + index, dates, depth + 1);
        if (written !== item) (copy ??= value.slice())[index] = written;
      }
      return copy ?? value;
    };`;
  return new Function("visitItem", "visitAny", body)(visitItem, visitAny) as Visit;
}

/**
 * An object with the fields of `shape`; only those whose schema allows a Date are visited. Fields the
 * schema does not declare are not (the strict output check in every test refuses them, ADR 0027).
 */
function objectVisitor(shape: Record<string, z.ZodType>): Visit | null {
  const fields = Object.entries(shape).flatMap(([key, schema]) => {
    const visit = visitorOf(schema);
    return visit ? [{ key, visit }] : [];
  });
  if (fields.length === 0) return null;
  const reads = fields.map(({ key, visit }, index) => {
    const name = JSON.stringify(key);
    const fieldPath = `(path === "" ? ${JSON.stringify(escapeKey(key))} : path + ${JSON.stringify(`.${escapeKey(key)}`)})`;
    if (visit === visitDate)
      return `
      field = value[${name}];
      if (field instanceof Date) {
        (copy ??= { ...value })[${name}] = dateText(field);
        dates.push(${fieldPath});
      } else if (field !== undefined && field !== null) {
        written = visitAny(field, ${fieldPath}, dates, depth + 1);
        if (written !== field) (copy ??= { ...value })[${name}] = written;
      }`;
    return `
      field = value[${name}];
      if (field !== undefined && field !== null) {
        written = visitors[${index}](field, ${fieldPath}, dates, depth + 1);
        if (written !== field) (copy ??= { ...value })[${name}] = written;
      }`;
  });
  const body = `
    return function visitObject(value, path, dates, depth) {
      if (typeof value !== "object" || value === null || Array.isArray(value) || value instanceof Date || depth > ${MAX_DEPTH})
        return visitAny(value, path, dates, depth);
      let copy = null, field, written;
      ${reads.join("")}
      return copy ?? value;
    };`;
  return new Function("visitors", "visitAny", "dateText", body)(
    fields.map((field) => field.visit),
    visitAny,
    dateText,
  ) as Visit;
}

/** zod kinds whose values are never a Date and hold none. */
const WITHOUT_DATES = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "enum",
  "literal",
  "null",
  "undefined",
  "void",
  "never",
  "template_literal",
]);
/** zod kinds that wrap one schema and give its values (or null, undefined, a default of its type). */
const WRAPPERS = new Set(["nullable", "optional", "default", "prefault", "nonoptional", "readonly", "catch"]);

const visitors = new WeakMap<z.ZodType, Visit | null>();

/** What writes values of `schema`: null when they can hold no Date (then they go out as they are). */
function visitorOf(schema: z.ZodType): Visit | null {
  const known = visitors.get(schema);
  if (known !== undefined) return known;
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: object };
  visitors.set(schema, visitAny); // a schema that holds itself (a getter in its shape) is walked generically there
  let visit: Visit | null;
  if (WITHOUT_DATES.has(def.type)) visit = null;
  else if (def.type === "date") visit = visitDate;
  else if (WRAPPERS.has(def.type)) visit = visitorOf(def.innerType!);
  else if (def.type === "array") {
    const visitItem = visitorOf(def.element!);
    visit = visitItem && arrayVisitor(visitItem);
  } else if (def.type === "object") visit = objectVisitor(def.shape as Record<string, z.ZodType>);
  else visit = visitAny; // unions, records, unknown, lazy, pipes: every value is looked at
  visitors.set(schema, visit);
  return visit;
}

function write(visit: Visit | null, answer: unknown): SuperJSONResult {
  if (answer instanceof Date)
    return Number.isNaN(answer.getTime())
      ? superjson.serialize(answer)
      : { json: isoString(answer), meta: { values: ["Date"], v: 1 } };
  if (visit === null) return { json: answer as never };
  const dates: string[] = [];
  let json: unknown;
  try {
    json = visit(answer, "", dates, 0);
  } catch (error) {
    if (error === NEEDS_SUPERJSON) return superjson.serialize(answer);
    throw error;
  }
  if (dates.length === 0) return { json: json as never };
  const values: Record<string, ["Date"]> = {};
  for (const path of dates) values[path] = ["Date"];
  return { json: json as never, meta: { values, v: 1 } };
}

/** The writer of answers meeting `schema`, compiled once (per procedure, at start). */
export function compileAnswerWriter(schema: z.ZodType): AnswerWriter {
  const visit = visitorOf(schema);
  return (answer) => write(visit, answer);
}

/** Writes any value, looking at all of it. */
export const writeAnyAnswer: AnswerWriter = (answer) => write(visitAny, answer);

const writerOfAnswer = new WeakMap<object, AnswerWriter>();

/**
 * Hands a procedure's answer its schema's writer for the transformer (the output middleware does, in
 * output-checks.ts: tRPC gives the transformer the answer only). An object only, once: the transformer
 * takes the writer off when it writes the answer, so a later write of the same object is not assumed
 * to meet this schema.
 */
export function writeAnswerWith(answer: unknown, writer: AnswerWriter): void {
  if (typeof answer === "object" && answer !== null) writerOfAnswer.set(answer, writer);
}

/** The transformer's output side: the answer's own writer if a procedure handed it one, else the walk. */
export function serializeOutput(value: unknown): SuperJSONResult {
  if (typeof value === "object" && value !== null) {
    const writer = writerOfAnswer.get(value);
    if (writer) {
      writerOfAnswer.delete(value);
      return writer(value);
    }
  }
  return writeAnyAnswer(value);
}
