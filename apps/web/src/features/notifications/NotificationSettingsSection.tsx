import { NOTIFICATION_CHANNELS, NOTIFICATION_SETTINGS_ANCHOR } from "@hyn/validators/notification-kinds";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { Alert, Button, Card, Spinner } from "../../components/ui";
import { GroupFrequencySelect } from "./GroupFrequencySelect";
import { CHANNEL_LABELS, KIND_LABELS, LOAD_NOTIFICATIONS_FAILED } from "./texts";
import { useNotificationChanges, useNotificationPreferences } from "./useNotificationPreferences";
import "./notifications.css";

/**
 * Issue 15, below the spec's radios: a switch per kind and channel, and each group's frequency for new
 * requests. Every change saves at once (no Save button), unlike the radios above.
 */
export function NotificationSettingsSection() {
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
    <Card id={NOTIFICATION_SETTINGS_ANCHOR} className="settings-section" aria-labelledby="notification-settings-heading">
      <h2 id="notification-settings-heading" tabIndex={-1} ref={heading}>
        Notifications
      </h2>
      <p className="section-intro">What we tell you about, and how. Changes here are saved at once.</p>
      {preferences.isPending ? (
        <Spinner label="Loading your notification settings…" />
      ) : preferences.isError ? (
        <Alert>
          {LOAD_NOTIFICATIONS_FAILED}.{" "}
          <Button variant="secondary" className="btn-small" onClick={() => void preferences.refetch()} busy={preferences.isFetching}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <table className="notification-kinds">
            <caption className="visually-hidden">Notification switches by kind</caption>
            <thead>
              <tr>
                <th scope="col">Tell me when</th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th scope="col" key={channel}>
                    {CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preferences.data.kinds.map((setting) => {
                const { label, hint } = KIND_LABELS[setting.kind];
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
                          aria-label={`${CHANNEL_LABELS[channel]}: ${label}`}
                          onChange={(e) => void setChannel(setting.kind, channel, e.target.checked)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="field-hint notification-push-hint">Push notifications reach the devices where you turn them on.</p>

          <h3 className="notification-groups-heading">New requests, group by group</h3>
          {preferences.data.groups.length === 0 ? (
            <p className="muted">
              You are not in a group yet. <Link to="/groups">Go to Groups</Link>
            </p>
          ) : (
            <>
              <p className="field-hint">Immediate: at once. Daily: in the morning summary. Off: nothing about that group&apos;s new requests.</p>
              <ul className="notification-groups" aria-label="Your groups">
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
