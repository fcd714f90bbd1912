import superjson from "superjson";
import type { LoadRequest } from "./load";

/**
 * tRPC calls as the web's httpBatchLink sends them: a batched GET for queries (comma-joined paths,
 * one superjson-encoded input per call) and a batched POST for a mutation.
 */
export function batchQuery(calls: { path: string; input?: unknown }[], token?: string): LoadRequest {
  const input = Object.fromEntries(calls.map((c, i) => [i, superjson.serialize(c.input)]));
  return {
    method: "GET",
    path: `/trpc/${calls.map((c) => c.path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  };
}

export function mutation(path: string, input: unknown, token?: string): LoadRequest {
  return {
    method: "POST",
    path: `/trpc/${path}?batch=1`,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ 0: superjson.serialize(input) }),
  };
}

export function restGet(path: string, token: string): LoadRequest {
  return { method: "GET", path: `/api${path}`, headers: { authorization: `Bearer ${token}` } };
}

/** Sends one request and returns the parsed JSON body, failing loudly on an error status. */
export async function send(baseUrl: string, request: LoadRequest): Promise<unknown> {
  return JSON.parse(await sendForText(baseUrl, request));
}

/** Sends one request and returns the size of its body in bytes, failing loudly on an error status. */
export async function sendForSize(baseUrl: string, request: LoadRequest): Promise<number> {
  return Buffer.byteLength(await sendForText(baseUrl, request));
}

async function sendForText(baseUrl: string, request: LoadRequest): Promise<string> {
  const response = await fetch(baseUrl + request.path, {
    method: request.method,
    headers: request.headers ?? {},
    ...(request.body ? { body: request.body } : {}),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(
      `${request.method} ${request.path.slice(0, 80)} answered ${response.status}: ${text.slice(0, 200)}`,
    );
  return text;
}
