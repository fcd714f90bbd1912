import { translate } from "../../i18n/useT";

/**
 * This browser's side of Web Push (issue 16): whether it can, what the person allowed, and its
 * subscription through the service worker's push manager.
 */

export type PushSupport = "supported" | "unsupported" | "needs-install";

export function pushSupport(): PushSupport {
  const capable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (capable) return "supported";
  // iPhone and iPad receive pushes only in an app added to the Home Screen.
  return /iPhone|iPad|iPod/.test(navigator.userAgent) ? "needs-install" : "unsupported";
}

/** The service worker's registration, or null if none is active within `timeoutMs` (e.g. the dev server has none). */
export async function serviceWorkerRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The VAPID key as `applicationServerKey` wants it: base64url to bytes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser with the server's key. A subscription made with another key (the server's
 * keys changed) cannot be reused: it is dropped and made anew.
 */
export async function subscribeThisBrowser(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushSubscriptionJSON> {
  const key = applicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const existingKey = existing.options.applicationServerKey;
    const same =
      existingKey !== null &&
      existingKey.byteLength === key.byteLength &&
      new Uint8Array(existingKey).every((b, i) => b === key[i]);
    if (same) return existing.toJSON();
    await existing.unsubscribe();
  }
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** How a device reads in the list: "Chrome on Android", "Firefox on Windows" (in the language shown when it subscribed). */
export function deviceLabel(userAgent: string = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : translate("profile.deviceUnknownBrowser");
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /CrOS/.test(userAgent)
            ? "ChromeOS"
            : /Linux/.test(userAgent)
              ? "Linux"
              : null;
  return system ? translate("profile.deviceLabel", { browser, system }) : browser;
}

/** Which of my devices this browser is, as the server numbered it when it subscribed. */
const DEVICE_KEY = "hyn.push.device";

export function rememberThisDevice(userId: string, deviceId: string | null): void {
  try {
    if (deviceId) localStorage.setItem(DEVICE_KEY, JSON.stringify({ userId, deviceId }));
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Storage may be off (private windows): the switch then reads off until turned on again.
  }
}

export function thisDeviceId(userId: string): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? "null") as {
      userId: string;
      deviceId: string;
    } | null;
    return stored?.userId === userId ? stored.deviceId : null;
  } catch {
    return null;
  }
}
