/**
 * Web Push in the service worker (issue 16, ADR 0017): a push shows its notification; a tap focuses a
 * window of the app already at that page, or navigates one of the app's windows there, or opens one.
 * The payload is what the server's `PushPayload` holds (packages/core/src/push/payload.ts).
 */

interface PushPayload {
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
}

const APP_ICON = "/icons/icon-192.png";

function parsePayload(data: PushMessageData | null): PushPayload | null {
  if (!data) return null;
  try {
    const value = data.json() as Partial<PushPayload>;
    if (typeof value.title !== "string" || typeof value.body !== "string") return null;
    return {
      kind: String(value.kind ?? ""),
      title: value.title,
      body: value.body,
      url: typeof value.url === "string" ? value.url : "/",
      tag: String(value.tag ?? ""),
    };
  } catch {
    return null;
  }
}

/** Only pages of this app are opened: a payload's URL on another origin opens the dashboard instead. */
function sameOriginUrl(scope: ServiceWorkerGlobalScope, url: string): string {
  try {
    const target = new URL(url, scope.location.origin);
    return target.origin === scope.location.origin ? target.href : `${scope.location.origin}/`;
  } catch {
    return `${scope.location.origin}/`;
  }
}

export function registerPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener("push", (event) => {
    const payload = parsePayload(event.data);
    // A push must show something (browsers penalise silent ones): a message we cannot read says so plainly.
    const shown = payload ?? {
      kind: "",
      title: "Help Your Neighbor",
      body: "You have a new notification.",
      url: "/",
      tag: "",
    };
    const url = sameOriginUrl(scope, shown.url);
    event.waitUntil(
      scope.registration.showNotification(shown.title, {
        body: shown.body,
        icon: APP_ICON,
        badge: APP_ICON,
        data: { url, kind: shown.kind },
        // One notification per request: its later news replaces the earlier.
        ...(shown.tag ? { tag: shown.tag } : {}),
      }),
    );
  });

  scope.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const url = sameOriginUrl(scope, (event.notification.data as { url?: string } | null)?.url ?? "/");
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
        const atUrl = windows.find((client) => client.url === url);
        if (atUrl) {
          await atUrl.focus();
          return;
        }
        const ours = windows.find((client) => new URL(client.url).origin === scope.location.origin);
        if (ours) {
          const focused = await ours.focus();
          await focused.navigate(url);
          return;
        }
        await scope.clients.openWindow(url);
      })(),
    );
  });
}
