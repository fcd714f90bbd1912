/**
 * The REST API for set-up that is not itself under test: one call, answering with the status and the
 * body, and `api`, which fails the test on a refusal.
 */

/** The password of every account the suite makes, unless a test is about the password itself. */
export const E2E_PASSWORD = "neighbourly-secret-42";
/** The session cookie the web app uses (the login page sets it). */
export const SESSION_COOKIE = "hyn_session";

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** REST with a bearer token; whatever the status, the answer (a body that is not JSON is null). */
export async function apiAnswer<T = unknown>(
  baseURL: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : null,
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed as T };
}

/** REST with a bearer token; a refusal fails the test with its status and answer. */
export async function api<T = unknown>(
  baseURL: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await apiAnswer<T>(baseURL, token, method, path, body);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
