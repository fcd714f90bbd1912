import type { Delivery, GroupDelivery } from "@hyn/validators/notification-delivery";
import type { GroupNotifyFrequency } from "@hyn/validators/notification-kinds";
import type { EmailFrequency } from "@hyn/validators/rules";
import { useId } from "react";
import { useT } from "../../i18n/useT";
import { AS_IN_PROFILE, groupChoiceOf, groupChoices, groupSentence } from "./delivery";
import { GROUP_FREQUENCY_OF_PROFILE } from "@hyn/validators/notification-delivery";

/** The options' texts (the groups catalog: the profile screen loads it for this select too). */
const FREQUENCY_LABEL_IDS = {
  immediate: "groups.frequencyImmediate",
  daily: "groups.frequencyDaily",
  weekly: "groups.frequencyWeekly",
  off: "groups.frequencyOff",
} as const satisfies Record<GroupNotifyFrequency, string>;

/**
 * A group's own frequency for new requests, or the profile's: on the profile and on each group card.
 * Under it, what a new request in the group brings, derived from the sending rule.
 */
export function GroupFrequencySelect({
  group,
  delivery,
  profileFrequency,
  label,
  onChange,
}: {
  group: GroupDelivery;
  delivery: Delivery;
  profileFrequency: EmailFrequency;
  label: string;
  onChange: (frequency: GroupNotifyFrequency | null) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="group-frequency">
      <label htmlFor={id} className="group-frequency-label">
        {label}
      </label>
      <select
        id={id}
        value={groupChoiceOf(group.own, profileFrequency)}
        aria-describedby={`${id}-says`}
        onChange={(e) => onChange(e.target.value === AS_IN_PROFILE ? null : (e.target.value as GroupNotifyFrequency))}
      >
        {groupChoices(profileFrequency).map((choice) =>
          choice === AS_IN_PROFILE ? (
            <option key={choice} value={choice}>
              {t("groups.frequencyAsInProfile", { frequency: GROUP_FREQUENCY_OF_PROFILE[profileFrequency] })}
            </option>
          ) : (
            <option key={choice} value={choice}>
              {t(FREQUENCY_LABEL_IDS[choice])}
            </option>
          ),
        )}
      </select>
      <p id={`${id}-says`} className="group-frequency-says" data-testid="group-hears">
        {t(groupSentence(group, delivery))}
      </p>
    </div>
  );
}
