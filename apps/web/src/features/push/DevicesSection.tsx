import { useEffect, useId, useState } from "react";
import { Alert, Button, Card, Spinner } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { formatDate, formatDateTime } from "../../lib/dates";
import { useOnline } from "../../lib/online";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";
import { deviceLabel, pushSupport, rememberThisDevice, serviceWorkerRegistration, subscribeThisBrowser, thisDeviceId } from "./browser-push";
import "./devices.css";

type Device = RouterOutputs["push"]["devices"][number];

/** What this browser can do about pushes, found out once the page shows. */
type BrowserState =
  | { kind: "checking" }
  | { kind: "unsupported" }
  | { kind: "needs-install" }
  | { kind: "no-worker" }
  | { kind: "ready"; registration: ServiceWorkerRegistration; permission: NotificationPermission; subscribed: boolean };

async function inspectBrowser(): Promise<BrowserState> {
  const support = pushSupport();
  if (support !== "supported") return { kind: support };
  const registration = await serviceWorkerRegistration();
  if (!registration) return { kind: "no-worker" };
  const subscription = await registration.pushManager.getSubscription();
  return { kind: "ready", registration, permission: Notification.permission, subscribed: subscription !== null };
}

/** Profile: "Devices" (issue 16): push on this device, and every device that gets pushes. */
export function DevicesSection() {
  const { user } = useAuth();
  const toast = useToast();
  const online = useOnline();
  const utils = trpc.useUtils();
  const switchId = useId();
  const devices = trpc.push.devices.useQuery();
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();
  const [browser, setBrowser] = useState<BrowserState>({ kind: "checking" });
  const [switching, setSwitching] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void inspectBrowser().then((state) => current && setBrowser(state));
    return () => {
      current = false;
    };
  }, []);

  const userId = user?.id ?? "";
  const storedId = thisDeviceId(userId);
  const thisDevice = browser.kind === "ready" && browser.subscribed && storedId ? (devices.data?.find((d) => d.id === storedId) ?? null) : null;
  const isOn = thisDevice !== null && browser.kind === "ready" && browser.permission === "granted";

  async function turnOn(registration: ServiceWorkerRegistration) {
    const permission = await Notification.requestPermission();
    setBrowser({ kind: "ready", registration, permission, subscribed: false });
    if (permission !== "granted") return;
    const { publicKey } = await utils.push.vapidPublicKey.fetch();
    const subscription = await subscribeThisBrowser(registration, publicKey);
    const device = await subscribe.mutateAsync({
      endpoint: subscription.endpoint ?? "",
      keys: { p256dh: subscription.keys?.p256dh ?? "", auth: subscription.keys?.auth ?? "" },
      label: deviceLabel(),
    });
    rememberThisDevice(userId, device.id);
    setBrowser({ kind: "ready", registration, permission, subscribed: true });
    toast.success("Notifications are on for this device");
  }

  async function turnOff(registration: ServiceWorkerRegistration, device: Device) {
    await unsubscribe.mutateAsync({ id: device.id });
    await (await registration.pushManager.getSubscription())?.unsubscribe();
    rememberThisDevice(userId, null);
    setBrowser({ kind: "ready", registration, permission: Notification.permission, subscribed: false });
    toast.success("Notifications are off for this device");
  }

  async function toggle() {
    if (browser.kind !== "ready") return;
    setSwitching(true);
    try {
      if (thisDevice) await turnOff(browser.registration, thisDevice);
      else await turnOn(browser.registration);
    } catch (e) {
      toast.error(errorMessage(e, thisDevice ? "Failed to turn off notifications on this device" : "Failed to turn on notifications on this device"));
    } finally {
      setSwitching(false);
      await utils.push.devices.invalidate();
    }
  }

  async function remove(device: Device) {
    setRemoving(device.id);
    try {
      await unsubscribe.mutateAsync({ id: device.id });
      if (device.id === thisDevice?.id && browser.kind === "ready") {
        await (await browser.registration.pushManager.getSubscription())?.unsubscribe();
        rememberThisDevice(userId, null);
        setBrowser({ ...browser, subscribed: false });
      }
      toast.success(`${device.label} removed`);
    } catch (e) {
      toast.error(errorMessage(e, "Failed to remove the device"));
    } finally {
      setRemoving(null);
      await utils.push.devices.invalidate();
    }
  }

  return (
    <Card aria-labelledby={`${switchId}-title`}>
      <h2 id={`${switchId}-title`}>Devices</h2>
      <p className="muted">Get notifications on your phone or computer as well as by e-mail. Each kind of notification whose push switch is on reaches every device below.</p>

      <div className="this-device">
        <h3>This device</h3>
        <ThisDeviceNotice browser={browser} online={online} />
        {browser.kind === "ready" && (
          <label className="switch-row" htmlFor={switchId}>
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              className="switch"
              checked={isOn}
              disabled={!online || switching || devices.isLoading || browser.permission === "denied"}
              aria-busy={switching || undefined}
              onChange={() => void toggle()}
            />
            <span>Notifications on this device</span>
            {switching && <span className="spinner spinner-inline" aria-hidden="true" />}
          </label>
        )}
      </div>

      <h3>Your devices</h3>
      {devices.isLoading ? (
        <Spinner label="Loading your devices…" />
      ) : devices.isError ? (
        <Alert type="error">
          Failed to load your devices.{" "}
          <Button variant="ghost" onClick={() => void devices.refetch()} busy={devices.isFetching}>
            Try again
          </Button>
        </Alert>
      ) : devices.data && devices.data.length > 0 ? (
        <ul className="device-list" aria-label="Your devices">
          {devices.data.map((device) => (
            <li key={device.id} className="device">
              <div className="device-text">
                <span className="device-label">
                  {device.label}
                  {device.id === thisDevice?.id && <span className="device-tag">This device</span>}
                </span>
                <span className="muted small">
                  Added {formatDate(device.createdAt)} · {device.lastSuccessAt ? `last notified ${formatDateTime(device.lastSuccessAt)}` : "not notified yet"}
                </span>
              </div>
              <Button variant="secondary" onClick={() => void remove(device)} busy={removing === device.id} disabled={!online} aria-label={`Remove ${device.label}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No devices get notifications yet.</p>
      )}
    </Card>
  );
}

function ThisDeviceNotice({ browser, online }: { browser: BrowserState; online: boolean }) {
  if (browser.kind === "checking") return <Spinner label="Checking this device…" />;
  if (browser.kind === "unsupported") return <Alert type="info">This browser cannot receive notifications. Try a current version of Chrome, Edge, Firefox or Safari.</Alert>;
  if (browser.kind === "needs-install") {
    return <Alert type="info">On iPhone and iPad, add Help Your Neighbor to your Home Screen (Share, then Add to Home Screen) and open it from there to turn on notifications.</Alert>;
  }
  if (browser.kind === "no-worker") return <Alert type="info">This device cannot receive notifications right now because the app has not finished installing. Reload the page to try again.</Alert>;
  if (!online) return <Alert type="warning">You are offline. You can change your devices when you are back online.</Alert>;
  if (browser.permission === "denied") {
    return <Alert type="warning">Notifications are blocked for this site. Allow them in your browser&apos;s site settings, then turn this on.</Alert>;
  }
  return null;
}
