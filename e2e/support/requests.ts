import { api } from "./api";
import type { ApiUser } from "./people";
import { daysFromNow } from "./time";

/** The fields of a request posted for set-up; needed two days from now unless told otherwise. */
export type RequestFields = { groupId: string; itemDescription: string; neededBy?: string } & Record<string, unknown>;

/** A request posted by `user` through the REST API (a refusal fails the test); its answer. */
export function createRequest<T = { id: string }>(baseURL: string, user: ApiUser, fields: RequestFields): Promise<T> {
  return api<T>(baseURL, user.token, "POST", "/requests", { neededBy: daysFromNow(2), ...fields });
}
