/**
 * A token in a URL is the account, group or feed it opens (a reset token resets the password), so no
 * log line may carry one (issue 24). One rule, read from the procedures' meta (ADR 0018): a name that
 * some procedure lists in `secretInputs` is secret wherever a URL carries it, as
 * - a path parameter of that name in any path the server answers (REST routes from their meta, the
 *   web app's pages, the one-click unsubscribe), matched by prefix, so a wrong address that starts
 *   like a token route (a 404) is redacted too;
 * - a query parameter of that name (`/reset-password?token=`, `/auth/callback?token_hash=`);
 * - a field of that name at any depth of a tRPC GET's `input` (a batch's too); an `input` that is
 *   not JSON is redacted whole, since nothing says where its token is.
 * Paths are read as the router reads them (`routedPath`), so `/%74rpc/...` is `/trpc/...` to these rules too.
 * Request bodies are never logged. A new token-bearing procedure is covered by its meta alone; a new
 * page that shows one needs its path in spa-routes.ts, where the web app's pages are listed anyway.
 */

import { parseTrpcInput, UNREADABLE } from "../trpc-get-input";

export const REDACTED = "[redacted]";

/** One percent-escape of a character below 0x80 (a multi-byte character's bytes are left to decodeURI). */
const ASCII_ESCAPE = /%[0-7][0-9a-f]/gi;
/** Escapes a line keeps as written: `%25` (the router decodes once) and control characters (no forged lines). */
const KEPT_ESCAPE = /%(25|[01][0-9a-f]|7f)/gi;

/**
 * A URL's path as the router reads it (find-my-way): percent-escapes decoded once, with `decodeURI`, so
 * `/%74rpc` is `/trpc` while `%2F` (no separator), the other reserved characters and `%25` (no second
 * decoding) stay escaped, and so do control characters, which a log line must not carry. A malformed
 * escape, which the router answers with 400, never throws: each well-formed ASCII escape is still
 * decoded, so a token route spelled around it is still recognised.
 */
export function routedPath(path: string): string {
  if (!path.includes("%")) return path;
  try {
    return decodeURI(path.replace(KEPT_ESCAPE, "%25$1"));
  } catch {
    return path.replace(ASCII_ESCAPE, (escape) => (escape.match(KEPT_ESCAPE) ? escape : decodeURI(escape)));
  }
}

/** The path of a request's URL, as the router reads it (for the request's class: a page, a file, a call). */
export function routedPathOf(url: string): string {
  const q = url.indexOf("?");
  return routedPath(q === -1 ? url : url.slice(0, q));
}

export interface UrlRedactionRules {
  /** Input names that are credentials: the union of every procedure's `secretInputs`. */
  secretNames: ReadonlySet<string>;
  /** Every path the server answers, in Fastify syntax (`/api/invites/:token/join`); literals are matched case-insensitively. */
  pathTemplates: readonly string[];
  /** Where tRPC is mounted: the `input` query parameter of these paths is tRPC's JSON. */
  trpcPrefix: string;
}

export type UrlRedactor = (url: string) => string;

/** A trie of path segments: literal children first (as the router prefers them), then one parameter child. */
interface PathNode {
  literals: Map<string, PathNode>;
  param: (PathNode & { secret: boolean }) | null;
}

const newNode = (): PathNode => ({ literals: new Map(), param: null });

function pathTrie(templates: readonly string[], secretNames: ReadonlySet<string>): PathNode {
  const root = newNode();
  for (const template of templates) {
    let node = root;
    for (const segment of template.split("/").filter(Boolean)) {
      if (segment.includes(":")) {
        // `:token.ics` names `token`: the whole segment is the token's.
        const secret = [...segment.matchAll(/:(\w+)/g)].some((match) => secretNames.has(match[1]!));
        node.param ??= { ...newNode(), secret: false };
        node.param.secret ||= secret;
        node = node.param;
      } else {
        const key = segment.toLowerCase();
        if (!node.literals.has(key)) node.literals.set(key, newNode());
        node = node.literals.get(key)!;
      }
    }
  }
  return root;
}

/** The path with each segment that sits where a template has a secret parameter replaced; empty segments dropped. */
function redactPath(path: string, root: PathNode): string {
  const segments = path.split("/").filter(Boolean);
  let node: PathNode | undefined = root;
  for (let i = 0; i < segments.length && node; i++) {
    const literal: PathNode | undefined = node.literals.get(segments[i]!.toLowerCase());
    if (literal) {
      node = literal;
      continue;
    }
    if (node.param?.secret) segments[i] = REDACTED;
    node = node.param ?? undefined;
  }
  const redacted = `/${segments.join("/")}`;
  return path.endsWith("/") && segments.length > 0 ? `${redacted}/` : redacted;
}

const MAX_INPUT_DEPTH = 32;

/** Replaces every field named in `secretNames`; false when the value is too deep to be sure of. */
function redactFields(node: unknown, secretNames: ReadonlySet<string>, depth: number): boolean {
  if (depth > MAX_INPUT_DEPTH) return false;
  if (Array.isArray(node)) return node.every((item) => redactFields(item, secretNames, depth + 1));
  if (!node || typeof node !== "object") return true;
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (secretNames.has(key)) record[key] = REDACTED;
    else if (!redactFields(record[key], secretNames, depth + 1)) return false;
  }
  return true;
}

function redactTrpcInput(raw: string, secretNames: ReadonlySet<string>): string {
  const value = parseTrpcInput(raw);
  if (value === UNREADABLE) return REDACTED;
  return redactFields(value, secretNames, 0) ? JSON.stringify(value) : REDACTED;
}

export function createUrlRedactor(rules: UrlRedactionRules): UrlRedactor {
  const root = pathTrie(rules.pathTemplates, rules.secretNames);
  const trpcPath = `${rules.trpcPrefix}/`;
  return (url) => {
    const q = url.indexOf("?");
    // Redacted as the router reads it, and logged so: every spelling of a path reads as its plain one.
    const path = redactPath(routedPathOf(url), root);
    if (q === -1) return path;
    const query = url.slice(q + 1);
    const entries = [...new URLSearchParams(query)];
    const redacted = entries.map(([key, value]): [string, string] => [
      key,
      rules.secretNames.has(key)
        ? REDACTED
        : key === "input" && path.startsWith(trpcPath)
          ? redactTrpcInput(value, rules.secretNames)
          : value,
    ]);
    const changed = redacted.some(([, value], index) => value !== entries[index]![1]);
    return `${path}?${changed ? new URLSearchParams(redacted).toString() : query}`;
  };
}
