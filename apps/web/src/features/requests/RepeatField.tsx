import { REPEAT_EVERY, type RepeatEvery } from "@hyn/validators/rules";
import { DateTimeField } from "../../components/DateTimeField";
import { SelectField } from "../../components/ui";
import { useT } from "../../i18n/useT";

/**
 * "Repeat" (issue 28 §2): never, every week, every 2 weeks or every month, and, when it repeats, an optional last
 * day. Only the next time is an open request; the hint says so.
 */
export function RepeatField({
  every,
  until,
  untilId,
  untilError,
  onEvery,
  onUntil,
}: {
  every: "never" | RepeatEvery;
  until: string;
  untilId: string;
  untilError?: string;
  onEvery: (event: { target: { value: string } }) => void;
  onUntil: (event: { target: { value: string } }) => void;
}) {
  const t = useT();
  return (
    <>
      <SelectField
        label={t("asking.repeatLabel")}
        name="repeatEvery"
        value={every}
        onChange={onEvery}
        hint={every === "never" ? undefined : t("asking.repeatHint")}
      >
        <option value="never">{t("asking.repeat_never")}</option>
        {REPEAT_EVERY.map((choice) => (
          <option key={choice} value={choice}>
            {t(`asking.repeat_${choice}`)}
          </option>
        ))}
      </SelectField>
      {every !== "never" && (
        <DateTimeField
          id={untilId}
          label={t("asking.repeatUntilLabel")}
          name="repeatUntil"
          kind="date"
          value={until}
          onChange={onUntil}
          error={untilError}
        />
      )}
    </>
  );
}
