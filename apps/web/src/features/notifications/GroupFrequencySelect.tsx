import { GROUP_NOTIFY_FREQUENCIES, type GroupNotifyFrequency } from "@hyn/validators/notification-kinds";
import type { EmailFrequency } from "@hyn/validators/rules";
import { useId } from "react";
import { useT } from "../../i18n/useT";
import type { GroupSetting } from "./useNotificationPreferences";

/** The value of "As in my profile": a select's values are strings, and null is not one. */
const AS_IN_PROFILE = "profile";

/** The options' texts (the groups catalog: the profile screen loads it for this select too). */
const FREQUENCY_LABEL_IDS = {
  immediate: "groups.frequencyImmediate",
  daily: "groups.frequencyDaily",
  off: "groups.frequencyOff",
} as const satisfies Record<GroupNotifyFrequency, string>;

/** A group's own frequency for new requests, or the profile's: on the profile and on each group card. */
export function GroupFrequencySelect({
  setting,
  profileFrequency,
  label,
  labelHidden = false,
  onChange,
}: {
  setting: GroupSetting;
  profileFrequency: EmailFrequency;
  label: string;
  labelHidden?: boolean;
  onChange: (frequency: GroupNotifyFrequency | null) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="group-frequency">
      <label htmlFor={id} className={labelHidden ? "visually-hidden" : "group-frequency-label"}>
        {label}
      </label>
      <select
        id={id}
        value={setting.frequency ?? AS_IN_PROFILE}
        onChange={(e) => onChange(e.target.value === AS_IN_PROFILE ? null : (e.target.value as GroupNotifyFrequency))}
      >
        <option value={AS_IN_PROFILE}>{t("groups.frequencyAsInProfile", { profile: profileFrequency })}</option>
        {GROUP_NOTIFY_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {t(FREQUENCY_LABEL_IDS[frequency])}
          </option>
        ))}
      </select>
    </div>
  );
}
