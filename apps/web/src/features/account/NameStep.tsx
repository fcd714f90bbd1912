import { useState, type FormEvent } from "react";
import { Button, Card, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";
import { errorMessage, trpc, type CurrentUser } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";

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
  const updateProfile = trpc.user.updateProfile.useMutation();
  const [skipped, setSkipped] = useState(() => wasSkipped(viewer.id));
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (viewer.name.trim() !== "" || skipped) return null;

  function skip() {
    try {
      localStorage.setItem(skippedKey(viewer.id), "1");
    } catch {
      // Private mode: skipped for this visit only.
    }
    setSkipped(true);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === "") return setError(errorText("nameRequired"));
    try {
      const user = await updateProfile.mutateAsync({ name, phone: viewer.phone, generalArea: viewer.generalArea });
      setUser(user);
      // Their own requests show the new name.
      void utils.requests.dashboard.invalidate();
      toast.success(t("profile.profileSaved"));
    } catch (e) {
      setError(errorMessage(e, t("profile.profileFailed")));
    }
  }

  return (
    <Card className="name-step" aria-labelledby="name-step-title">
      <form onSubmit={(event) => void save(event)} noValidate>
        <h2 id="name-step-title">{t("profile.nameStepTitle")}</h2>
        <p className="muted small">{t("profile.nameStepText", { email: viewer.email })}</p>
        <TextField
          label={t("profile.yourName")}
          name="name"
          autoComplete="name"
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        <div className="row row-end">
          <Button variant="secondary" onClick={skip} disabled={updateProfile.isPending}>
            {t("profile.skipForNow")}
          </Button>
          <Button needsNetwork type="submit" busy={updateProfile.isPending}>
            {t("profile.saveName")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
