import { NOTIFICATION_CHANNELS, NOTIFICATION_SETTINGS_ANCHOR } from "@hyn/validators/notification-kinds";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { Alert, Button, Card, Spinner } from "../../components/ui";
import { GroupFrequencySelect } from "./GroupFrequencySelect";
import { useT } from "../../i18n/useT";
import { CHANNEL_TEXTS, KIND_TEXTS } from "./profileTexts";
import { useNotificationChanges, useNotificationPreferences } from "./useNotificationPreferences";
import "./notifications.css";

/**
 * Issue 15, below the spec's radios: a switch per kind and channel, and each group's frequency for new
 * requests. Every change saves at once (no Save button), unlike the radios above.
 */
export function NotificationSettingsSection() {
  const t = useT();
  const preferences = useNotificationPreferences();
  const { setChannel, setGroupFrequency } = useNotificationChanges();
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const loaded = preferences.isSuccess;

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
      <p className="section-intro">{t("profile.notificationsIntro")}</p>
      {preferences.isPending ? (
        <Spinner label={t("profile.loadingNotifications")} />
      ) : preferences.isError ? (
        <Alert>
          {t("profile.loadNotificationsFailedAlert")}{" "}
          <Button
            variant="secondary"
            className="btn-small"
            onClick={() => void preferences.refetch()}
            busy={preferences.isFetching}
          >
            {t("profile.tryAgain")}
          </Button>
        </Alert>
      ) : (
        <>
          <table className="notification-kinds">
            <caption className="visually-hidden">{t("profile.notificationsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("profile.tellMeWhen")}</th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th scope="col" key={channel}>
                    {t(CHANNEL_TEXTS[channel])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preferences.data.kinds.map((setting) => {
                const texts = KIND_TEXTS[setting.kind];
                const label = t(texts.label);
                const hint = texts.hint && t(texts.hint);
                return (
                  <tr key={setting.kind}>
                    <th scope="row">
                      <span className="notification-kind-label">{label}</span>
                      {hint && <span className="field-hint">{hint}</span>}
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td key={channel}>
                        <input
                          type="checkbox"
                          role="switch"
                          className="switch"
                          checked={setting[channel]}
                          aria-label={t("profile.switchLabel", { channel: t(CHANNEL_TEXTS[channel]), kind: label })}
                          onChange={(e) => void setChannel(setting.kind, channel, e.target.checked)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="field-hint notification-push-hint">{t("profile.pushReachHint")}</p>

          <h3 className="notification-groups-heading">{t("profile.groupsTitle")}</h3>
          {preferences.data.groups.length === 0 ? (
            <p className="muted">
              {t("profile.noGroups")} <Link to="/groups">{t("profile.goToGroups")}</Link>
            </p>
          ) : (
            <>
              <p className="field-hint">{t("profile.groupFrequencyHint")}</p>
              <ul className="notification-groups" aria-label={t("profile.yourGroups")}>
                {preferences.data.groups.map((group) => (
                  <li key={group.groupId}>
                    <GroupFrequencySelect
                      setting={group}
                      profileFrequency={preferences.data.profileFrequency}
                      label={group.groupName}
                      onChange={(frequency) => void setGroupFrequency(group, frequency)}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Card>
  );
}
