import type { Executor } from "@hyn/db";
import webPush from "web-push";
import { loadOrCreateSecret } from "../shared/app-secrets";
import type { PushConfig, VapidKeys } from "../shared/push-config";

/** One row holds both keys, so the pair the first instance generates is the pair every instance reads. */
const VAPID_SECRET_NAME = "vapid_keys";

/** The VAPID key pair: the configured one, else the one generated on first start and kept in app_secrets. */
export async function loadVapidKeys(executor: Executor, config: PushConfig): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  const stored = await loadOrCreateSecret(executor, VAPID_SECRET_NAME, () =>
    JSON.stringify(webPush.generateVAPIDKeys()),
  );
  const { publicKey, privateKey } = JSON.parse(stored) as VapidKeys;
  return { publicKey, privateKey };
}
