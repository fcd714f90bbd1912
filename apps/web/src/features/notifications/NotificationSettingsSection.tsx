import type { SwitchDelivery } from "@hyn/validators/notification-delivery";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SETTINGS_ANCHOR,
  type NotificationChannel,
  type NotificationKind,
} from "@hyn/validators/notification-kinds";
import type { MessageId } from "@hyn/i18n/catalogs";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { SaveStatus, useSaveNote } from "../../components/SaveStatus";
import { Alert, Button, Card, Spinner } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { trpc } from "../../lib/trpc";
import { EmailPreferencesFieldset } from "../account/EmailPreferencesFieldset";
import { useProfileEdits } from "../account/ProfileEdits";
import { deliveryOf, useDelivery } from "./delivery";
import { GroupFrequencySelect } from "./GroupFrequencySelect";
import { CHANNEL_TEXTS, KIND_TEXTS, RESTING_WORDS } from "./profileTexts";
import { useNotificationChanges, type SaveReporter } from "./useNotificationPreferences";
import "./notifications.css";

/** Why a switch sends nothing whatever it says (validators' `notificationDelivery`). */
function idleReason(
  kind: NotificationKind,
  channel: NotificationChannel,
  state: SwitchDelivery,
): MessageId<"profile"> | null {
  if (state.idle === "emailOnly") return "profile.idleEmailOnly";
  if (state.idle === "noDevice") return "profile.idleNoDevice";
  if (state.idle === "noGroup" && kind === "new_requests")
    return channel === "email" ? "profile.idleNewRequestsEmail" : "profile.idleNewRequestsPush";
  if (state.idle === "noGroup" && kind === "trips") return "profile.idleTrips";
  return null;
}

/**
 * The profile's Notifications (PRODUCT "Beyond the screens" (Notification preferences)): when new requests come (the
 * profile's frequency, then group by group, each saying what it brings), and a switch per kind and
 * channel. Everything on it is derived from the sending rule, so it cannot say other than what is
 * sent: a switch that sends nothing under the current settings is disabled, shown off, with the reason.
 * The profile's frequency is part of the profile's form (ProfileEdits.tsx: kept until Save Preferences);
 * while a new one is chosen and not saved, the section shows what it would bring. Each group's choice,
 * "Always tell me at once" and each switch save at once, as the section says, and are confirmed in place.
 */
export function NotificationSettingsSection() {
  const t = useT();
  const model = useDelivery();
  const emailPreferences = trpc.user.emailPreferences.useQuery(undefined, { staleTime: 60_000 });
  const [frequencyNote, showFrequencyNote] = useSaveNote();
  const [switchNote, showSwitchNote] = useSaveNote();
  const reporterOf = (show: typeof showFrequencyNote): SaveReporter => ({
    saved: (text) => show({ tone: "saved", text }),
    failed: (text) => show({ tone: "failed", text }),
  });
  const frequencyChanges = useNotificationChanges(reporterOf(showFrequencyNote));
  const profileEdits = useProfileEdits();
  const switchChanges = useNotificationChanges(reporterOf(showSwitchNote));
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const loaded = model.data !== undefined;
  // The frequency as shown (chosen, perhaps not saved yet), and what the section says follows from it.
  const profileFrequency = profileEdits.shown.frequency ?? model.data?.preferences.profileFrequency;
  const delivery =
    model.data && profileFrequency !== model.data.preferences.profileFrequency
      ? deliveryOf({ ...model.data.preferences, profileFrequency: profileFrequency! }, model.data.pushDevices)
      : model.data?.delivery;

  // "Manage notifications" in an e-mail links to /profile#notifications: once the switches are there,
  // bring them into view and put the focus on their heading, as the browser would for a plain page.
  useEffect(() => {
    if (hash !== `#${NOTIFICATION_SETTINGS_ANCHOR}` || !loaded) return;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [hash, loaded]);

  return (
    <Card
      id={NOTIFICATION_SETTINGS_ANCHOR}
      className="settings-section"
      aria-labelledby="notification-settings-heading"
    >
      <h2 id="notification-settings-heading" tabIndex={-1} ref={heading}>
        {t("profile.notificationsTitle")}
      </h2>
      <p className="section-intro">{t("profile.notificationsIntro", { save: t("profile.savePreferences") })}</p>
      {model.isError ? (
        <Alert>
          {t("profile.loadNotificationsFailedAlert")}{" "}
          <Button
            variant="secondary"
            className="btn-small"
            onClick={() => void model.refetch()}
            busy={model.isFetching}
          >
            {t("profile.tryAgain")}
          </Button>
        </Alert>
      ) : !model.data ? (
        <Spinner label={t("profile.loadingNotifications")} />
      ) : (
        <>
          <h3 className="notification-subheading">{t("profile.newRequestsTitle")}</h3>
          <EmailPreferencesFieldset
            value={profileFrequency!}
            lastDailySent={emailPreferences.data?.lastDailySent}
            lastWeeklySent={emailPreferences.data?.lastWeeklySent}
            onChange={(frequency, from) => profileEdits.edit({ frequency }, from)}
          />

          <h4 className="notification-groups-heading">{t("profile.groupsTitle")}</h4>
          {model.data.preferences.groups.length === 0 ? (
            <p className="muted">
              {t("profile.noGroups")} <Link to="/groups">{t("profile.goToGroups")}</Link>
            </p>
          ) : (
            <>
              <p className="field-hint">{t("profile.groupFrequencyHint")}</p>
              <ul className="notification-groups" aria-label={t("profile.yourGroups")}>
                {model.data.preferences.groups.map((setting) => (
                  <li key={setting.groupId}>
                    <GroupFrequencySelect
                      group={delivery!.groups.find((g) => g.groupId === setting.groupId)!}
                      delivery={delivery!}
                      profileFrequency={profileFrequency!}
                      label={setting.groupName}
                      onChange={(frequency) => void frequencyChanges.setGroupFrequency(setting, frequency)}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="notification-rest">
            <label className="notification-rest-switch">
              <input
                type="checkbox"
                role="switch"
                className="switch"
                checked={model.data.preferences.alwaysAtOnce}
                aria-describedby="always-at-once-hint"
                onChange={(e) => void frequencyChanges.setAlwaysAtOnce(e.target.checked)}
              />
              <span>{t("profile.alwaysAtOnce")}</span>
            </label>
            <p id="always-at-once-hint" className="field-hint">
              {t("profile.alwaysAtOnceHint", RESTING_WORDS)}
            </p>
          </div>
          <SaveStatus note={frequencyNote} />

          <h3 className="notification-subheading">{t("profile.tellMeWhen")}</h3>
          <p className="field-hint notification-saves-at-once">{t("profile.switchesSaveAtOnce")}</p>
          <table className="notification-kinds">
            <caption className="visually-hidden">{t("profile.notificationsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t("profile.tellMeWhen")}</span>
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th scope="col" key={channel}>
                    {t(CHANNEL_TEXTS[channel])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {model.data.preferences.kinds.map(({ kind }) => {
                const texts = KIND_TEXTS[kind];
                const label = t(texts.label);
                const states = delivery!.kinds[kind];
                const reasons = NOTIFICATION_CHANNELS.map((channel) => ({
                  channel,
                  reason: idleReason(kind, channel, states[channel]),
                })).filter((r) => r.reason && r.reason !== "profile.idleNoDevice");
                return (
                  <tr key={kind}>
                    <th scope="row">
                      <span className="notification-kind-label">{label}</span>
                      {texts.hint && <span className="field-hint">{t(texts.hint)}</span>}
                      {reasons.map(({ channel, reason }) => (
                        <span key={channel} id={`idle-${kind}-${channel}`} className="field-hint notification-idle">
                          {t(reason!)}
                        </span>
                      ))}
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => {
                      const state = states[channel];
                      const reason = idleReason(kind, channel, state);
                      return (
                        <td key={channel}>
                          <input
                            type="checkbox"
                            role="switch"
                            className="switch"
                            // Never on while nothing is sent: an idle switch shows off, and says why.
                            checked={state.sends}
                            disabled={state.idle !== null}
                            aria-describedby={
                              reason === "profile.idleNoDevice"
                                ? "idle-no-device"
                                : reason
                                  ? `idle-${kind}-${channel}`
                                  : undefined
                            }
                            aria-label={t("profile.switchLabel", { channel: t(CHANNEL_TEXTS[channel]), kind: label })}
                            onChange={(e) => void switchChanges.setChannel(kind, channel, e.target.checked)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p id="idle-no-device" className="field-hint notification-push-hint">
            {model.data.pushDevices === 0 ? t("profile.idleNoDevice") : t("profile.pushReachHint")}
          </p>
          <SaveStatus note={switchNote} />
        </>
      )}
    </Card>
  );
}
