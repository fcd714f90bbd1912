import type { App } from "../../src/app";
import { isoHoursAfter } from "./time";
import type { Bearer, TestApp } from "../test-app";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A REST call as `who` (null: nobody signed in) through app.inject: the payload as JSON when given, and
 * extra headers (a language, a content type) on top of the bearer.
 */
export function rest(
  app: Pick<App, "server">,
  who: Pick<Bearer, "headers"> | null,
  method: Method,
  url: string,
  payload?: object | string,
  headers: Record<string, string> = {},
) {
  return app.server.inject({
    method,
    url,
    headers: { ...who?.headers, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** POST as `who`: the set-up and the calls most tests make. */
export const postAs = (
  app: Pick<App, "server">,
  who: Pick<Bearer, "headers"> | null,
  url: string,
  payload?: object | string,
  headers?: Record<string, string>,
) => rest(app, who, "POST", url, payload, headers);

/** POST /api/requests as `who`, needed by a day after the app's clock unless the fields say otherwise. */
export const postRequest = (
  app: TestApp,
  who: Pick<Bearer, "headers">,
  fields: { groupId: string; itemDescription: string; neededBy?: string } & Record<string, unknown>,
  headers?: Record<string, string>,
) => postAs(app, who, "/api/requests", { neededBy: isoHoursAfter(app.clock, 24), ...fields }, headers);
