/**
 * Where pushes may go and who signs them (issue 16). Built by the server from its env
 * (PUSH_SERVICE_HOSTS, VAPID_*); absent, production's rules apply and the VAPID keys are generated.
 */
export interface PushConfig {
  /** Hosts an endpoint may be on: exact names, or "*.example.com" for any subdomain. */
  serviceHosts: readonly string[];
  /** Development and tests only: an http endpoint on 127.0.0.1, localhost or [::1] (the tests' local push service). */
  allowLoopbackHttp: boolean;
  /** "mailto:" or "https:" contact the push services see in the VAPID token. */
  vapidSubject: string;
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; absent, a pair is generated on first start and kept in app_secrets. */
  vapidKeys?: VapidKeys;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The browser vendors' push services: Chrome/Edge (FCM), Firefox (Mozilla autopush), Safari (Apple), Windows (WNS). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

export const defaultPushConfig: PushConfig = {
  serviceHosts: DEFAULT_PUSH_SERVICE_HOSTS,
  allowLoopbackHttp: false,
  vapidSubject: "mailto:no-reply@help-your-neighbor.local",
};
