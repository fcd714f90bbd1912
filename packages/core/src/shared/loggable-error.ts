/**
 * Errors as they may be logged or stored: without the values a failed query was sent with.
 *
 * drizzle wraps a failed query in an error whose message ends with "params: <every value>", and the
 * drivers attach the values too (postgres.js as `parameters`, PGlite as `params`); PostgreSQL's
 * `detail` repeats them ("Key (email)=(...) already exists"). Those values are password hashes,
 * e-mail addresses and token hashes. What is kept: the statement's name, the database's message with
 * any parameter value cut out, the error's code and constraint, and the stack frames.
 */

/** Properties that carry a query's text or values; never copied into a log. */
const QUERY_VALUE_KEYS = new Set([
  "params",
  "parameters",
  "args",
  "query",
  "queryOptions",
  "detail",
  "where",
  "internalQuery",
  "types",
  "hint",
]);
const REDACTED = "[redacted]";
/** Shorter values are too likely to match ordinary words of a message (and are not secrets: the shortest address is 6 characters). */
const MIN_REDACTED_LENGTH = 6;
const MAX_CAUSE_DEPTH = 5;

export interface LoggableError {
  type: string;
  message: string;
  /** The scrubbed message and the stack frames ("" for a thrown non-Error). */
  stack: string;
  /** The failed statement's verb and table, e.g. "insert into users"; never its text or values. */
  statement?: string;
  cause?: LoggableError;
  [property: string]: unknown;
}

/** "insert into users", "select from sessions": enough to find the statement in the code. */
export function statementName(sqlText: string): string {
  const verb = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() ?? "statement";
  const target = /\b(from|into|update)\s+"?([\w.]+)"?/i.exec(sqlText);
  if (!target) return verb;
  const keyword = target[1]!.toLowerCase();
  return keyword === verb ? `${verb} ${target[2]}` : `${verb} ${keyword} ${target[2]}`;
}

function causesOf(error: unknown): object[] {
  const chain: object[] = [];
  for (
    let e = error;
    e && typeof e === "object" && chain.length <= MAX_CAUSE_DEPTH;
    e = (e as { cause?: unknown }).cause
  )
    chain.push(e);
  return chain;
}

function stringsIn(value: unknown, into: Set<string>): void {
  if (typeof value === "string") {
    if (value.length >= MIN_REDACTED_LENGTH) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) stringsIn(item, into);
  } else if (value && typeof value === "object" && !(value instanceof Date)) {
    for (const item of Object.values(value)) stringsIn(item, into);
  }
}

/** Every string any error of the chain says it was sent with (own properties, enumerable or not). */
function queryValuesOf(chain: object[]): string[] {
  const values = new Set<string>();
  for (const e of chain) {
    const { params, parameters } = e as { params?: unknown; parameters?: unknown };
    stringsIn(params, values);
    stringsIn(parameters, values);
  }
  // Longest first, so a value that contains another is cut out whole.
  return [...values].sort((a, b) => b.length - a.length);
}

function statementOf(chain: object[]): string | undefined {
  for (const e of chain) {
    const query = (e as { query?: unknown }).query;
    if (typeof query === "string") return statementName(query);
  }
  return undefined;
}

function scrub(text: string, values: string[]): string {
  // drizzle's own message: "Failed query: <sql>\nparams: <values>".
  let safe = text.replace(
    /Failed query: ([\s\S]*?)\nparams: [\s\S]*?(?=\n {4}at |$)/g,
    (_m, sqlText: string) => `Failed query: ${statementName(sqlText)}`,
  );
  for (const value of values) safe = safe.split(value).join(REDACTED);
  return safe;
}

function loggable(error: object, values: string[], statement: string | undefined, depth: number): LoggableError {
  const e = error as Error & Record<string, unknown>;
  const message = scrub(typeof e.message === "string" ? e.message : String(error), values);
  const type = e.constructor?.name && e.constructor.name !== "Object" ? e.constructor.name : "Error";
  // The stack's first lines repeat the message: rebuilt from the scrubbed one.
  const frames = typeof e.stack === "string" ? e.stack.split("\n").filter((line) => /^\s+at /.test(line)) : [];
  const result: LoggableError = {
    type,
    message,
    stack: frames.length > 0 ? [`${e.name ?? type}: ${message}`, ...frames].join("\n") : "",
  };
  if (statement && depth === 0) result.statement = statement;
  for (const [key, value] of Object.entries(e)) {
    if (QUERY_VALUE_KEYS.has(key) || key === "message" || key === "stack" || key === "cause") continue;
    if (value === null || ["string", "number", "boolean"].includes(typeof value))
      result[key] = typeof value === "string" ? scrub(value, values) : value;
  }
  const cause = e.cause;
  if (cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    result.cause =
      cause && typeof cause === "object"
        ? loggable(cause, values, statement, depth + 1)
        : { type: typeof cause, message: scrub(String(cause), values), stack: "" };
  }
  return result;
}

/** The error as a log may show it (pino's `err` serializer and every hand-written error line). */
export function loggableError(error: unknown): LoggableError {
  if (!error || typeof error !== "object") return { type: typeof error, message: scrub(String(error), []), stack: "" };
  const chain = causesOf(error);
  return loggable(error, queryValuesOf(chain), statementOf(chain), 0);
}

/** One line for a column or a short log field (the outbox's last_error). */
export function describeError(error: unknown): string {
  const safe = loggableError(error);
  return safe.statement && !safe.message.includes(safe.statement)
    ? `${safe.message} (${safe.statement})`
    : safe.message;
}
