import type { ErrorKey } from "@hyn/validators/messages";
import { MAX_NAME_LENGTH } from "@hyn/validators/policy";
import { useState } from "react";
import { Button, Card, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { useForm } from "../../components/form/useForm";
import { trpc, type CurrentUser } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";

const FIELD_IDS = { name: "name-step-name" } as const;
/** The server's refusals of the name, said under it; any other is a toast. */
const NAME_FIELD_OF_KEY: Partial<Record<ErrorKey, "name">> = {
  nameRequired: "name",
  nameTooLong: "name",
  unsupportedCharacters: "name",
};

const skippedKey = (userId: string) => `hyn:name-step-skipped:${userId}`;

function wasSkipped(userId: string): boolean {
  try {
    return localStorage.getItem(skippedKey(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * Sign-up leaves the name optional, and a person without one is shown to neighbours by their e-mail
 * address (issue 17): so the first dashboard asks for a name, once, and can be skipped.
 */
export function NameStep({ viewer }: { viewer: CurrentUser }) {
  const t = useT();
  const { setUser } = useAuth();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [skipped, setSkipped] = useState(() => wasSkipped(viewer.id));
  const form = useForm({
    initial: { name: "" },
    ids: FIELD_IDS,
    maxLengths: { name: MAX_NAME_LENGTH },
    validate: ({ name }) =>
      name.trim() === ""
        ? { errors: { name: "nameRequired" as const }, input: null }
        : { errors: {}, input: { name, phone: viewer.phone, generalArea: viewer.generalArea } },
    send: async (input) => {
      const user = await utils.client.user.updateProfile.mutate(input);
      setUser(user);
      // Their own requests show the new name.
      void utils.requests.dashboard.invalidate();
      toast.success(t("profile.profileSaved"));
    },
    fieldOfKey: NAME_FIELD_OF_KEY,
    failureText: t("profile.profileFailed"),
  });

  if (viewer.name.trim() !== "" || skipped) return null;

  function skip() {
    try {
      localStorage.setItem(skippedKey(viewer.id), "1");
    } catch {
      // Private mode: skipped for this visit only.
    }
    setSkipped(true);
  }

  return (
    <Card className="name-step" aria-labelledby="name-step-title">
      <form onSubmit={form.submit} noValidate>
        <h2 id="name-step-title">{t("profile.nameStepTitle")}</h2>
        <p className="muted small">{t("profile.nameStepText", { email: viewer.email })}</p>
        <TextField label={t("profile.yourName")} {...form.field("name")} autoComplete="name" />
        <div className="row row-end">
          <Button variant="secondary" onClick={skip} disabled={form.busy}>
            {t("profile.skipForNow")}
          </Button>
          <Button needsNetwork type="submit" busy={form.busy}>
            {t("profile.saveName")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
