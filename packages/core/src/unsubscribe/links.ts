import { NOTIFICATION_SETTINGS_ANCHOR } from "@hyn/validators/notification-kinds";
import type { Database } from "@hyn/db";
import type { UnsubscribeLink } from "../mail/layout";
import { loadOrCreateSecret } from "../shared/app-secrets";
import type { CoreDeps } from "../shared/deps";
import { decodeUnsubscribeKey, generateUnsubscribeKey, signUnsubscribeToken, type UnsubscribeScope } from "./token";

export const UNSUBSCRIBE_KEY_NAME = "unsubscribe-signing-key";

/** The one-click URL (RFC 8058), also the page that explains it: GET shows the page, POST unsubscribes. */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;
/** Where "Manage notifications" leads: the profile's notifications section. */
export const MANAGE_NOTIFICATIONS_PATH = `/profile#${NOTIFICATION_SETTINGS_ANCHOR}`;

const keys = new WeakMap<Database, Promise<Uint8Array>>();

/** The signing key, read (or created) once per database and kept: every instance shares the stored one. */
export function unsubscribeKey(db: Database): Promise<Uint8Array> {
  let key = keys.get(db);
  if (!key) {
    key = loadOrCreateSecret(db, UNSUBSCRIBE_KEY_NAME, generateUnsubscribeKey).then(decodeUnsubscribeKey);
    // A failed read (database down at start) is tried again next time rather than remembered.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** Makes the links of non-essential e-mails: `links.for(userId, scope)` goes into renderEmail's `unsubscribe`. */
export interface UnsubscribeLinks {
  for(userId: string, scope: UnsubscribeScope): UnsubscribeLink;
}

/** Call before opening the transaction that queues the e-mails (the key may need a read of its own). */
export async function unsubscribeLinks(deps: Pick<CoreDeps, "db" | "config">): Promise<UnsubscribeLinks> {
  const key = await unsubscribeKey(deps.db);
  const appUrl = deps.config.appUrl;
  return {
    for: (userId, scope) => ({
      url: `${appUrl}${unsubscribePath(signUnsubscribeToken(key, { userId, scope }))}`,
      manageUrl: `${appUrl}${MANAGE_NOTIFICATIONS_PATH}`,
    }),
  };
}
