import { useEffect, useId, useState } from "react";
import { Alert, Button, Card, Spinner } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT, type Translate } from "../../i18n/useT";
import { formatDate, formatDateTime } from "../../lib/dates";
import { useOnline } from "../../lib/online";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";
import {
  deviceLabel,
  pushSupport,
  rememberThisDevice,
  serviceWorkerRegistration,
  subscribeThisBrowser,
  thisDeviceId,
} from "./browser-push";
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
  const t = useT();
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
  const thisDevice =
    browser.kind === "ready" && browser.subscribed && storedId
      ? (devices.data?.find((d) => d.id === storedId) ?? null)
      : null;
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
    toast.success(t("profile.pushOn"));
  }

  async function turnOff(registration: ServiceWorkerRegistration, device: Device) {
    await unsubscribe.mutateAsync({ id: device.id });
    await (await registration.pushManager.getSubscription())?.unsubscribe();
    rememberThisDevice(userId, null);
    setBrowser({ kind: "ready", registration, permission: Notification.permission, subscribed: false });
    toast.success(t("profile.pushOff"));
  }

  async function toggle() {
    if (browser.kind !== "ready") return;
    setSwitching(true);
    try {
      if (thisDevice) await turnOff(browser.registration, thisDevice);
      else await turnOn(browser.registration);
    } catch (e) {
      toast.error(errorMessage(e, thisDevice ? t("profile.pushOffFailed") : t("profile.pushOnFailed")));
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
      toast.success(t("profile.deviceRemoved", { device: device.label }));
    } catch (e) {
      toast.error(errorMessage(e, t("profile.removeDeviceFailed")));
    } finally {
      setRemoving(null);
      await utils.push.devices.invalidate();
    }
  }

  return (
    <Card aria-labelledby={`${switchId}-title`}>
      <h2 id={`${switchId}-title`}>{t("profile.devicesTitle")}</h2>
      <p className="muted">{t("profile.devicesIntro")}</p>

      <div className="this-device">
        <h3>{t("profile.thisDeviceTitle")}</h3>
        <ThisDeviceNotice browser={browser} online={online} t={t} />
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
            <span>{t("profile.notificationsOnThisDevice")}</span>
            {switching && <span className="spinner spinner-inline" aria-hidden="true" />}
          </label>
        )}
      </div>

      <h3>{t("profile.yourDevices")}</h3>
      {devices.isLoading ? (
        <Spinner label={t("profile.loadingDevices")} />
      ) : devices.isError ? (
        <Alert type="error">
          {t("profile.loadDevicesFailed")}{" "}
          <Button variant="ghost" onClick={() => void devices.refetch()} busy={devices.isFetching}>
            {t("profile.tryAgain")}
          </Button>
        </Alert>
      ) : devices.data && devices.data.length > 0 ? (
        <ul className="device-list" aria-label={t("profile.yourDevices")}>
          {devices.data.map((device) => (
            <li key={device.id} className="device">
              <div className="device-text">
                <span className="device-label">
                  {device.label}
                  {device.id === thisDevice?.id && <span className="device-tag">{t("profile.thisDeviceTag")}</span>}
                </span>
                <span className="muted small">
                  {device.lastSuccessAt
                    ? t("profile.deviceNotified", {
                        added: formatDate(device.createdAt),
                        notified: formatDateTime(device.lastSuccessAt),
                      })
                    : t("profile.deviceNotNotified", { added: formatDate(device.createdAt) })}
                </span>
              </div>
              <Button
                needsNetwork
                variant="secondary"
                onClick={() => void remove(device)}
                busy={removing === device.id}
                disabled={!online}
                aria-label={t("profile.removeDevice", { device: device.label })}
              >
                {t("profile.remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("profile.noDevices")}</p>
      )}
    </Card>
  );
}

function ThisDeviceNotice({ browser, online, t }: { browser: BrowserState; online: boolean; t: Translate }) {
  if (browser.kind === "checking") return <Spinner label={t("profile.checkingDevice")} />;
  if (browser.kind === "unsupported") return <Alert type="info">{t("profile.pushUnsupported")}</Alert>;
  if (browser.kind === "needs-install") {
    return <Alert type="info">{t("profile.pushNeedsInstall")}</Alert>;
  }
  if (browser.kind === "no-worker") return <Alert type="info">{t("profile.pushNoWorker")}</Alert>;
  if (!online) return <Alert type="warning">{t("profile.pushOffline")}</Alert>;
  if (browser.permission === "denied") {
    return <Alert type="warning">{t("profile.pushBlocked")}</Alert>;
  }
  return null;
}
