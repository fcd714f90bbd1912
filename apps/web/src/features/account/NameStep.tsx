import { messages } from "@hyn/validators/messages";
import { useState, type FormEvent } from "react";
import { Button, Card, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
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
    if (name.trim() === "") return setError(messages.nameRequired);
    try {
      const user = await updateProfile.mutateAsync({ name, phone: viewer.phone, generalArea: viewer.generalArea });
      setUser(user);
      // Their own requests show the new name.
      void utils.requests.dashboard.invalidate();
      toast.success("Your profile is saved.");
    } catch (e) {
      setError(errorMessage(e, "Failed to update profile."));
    }
  }

  return (
    <Card className="name-step" aria-labelledby="name-step-title">
      <form onSubmit={(event) => void save(event)} noValidate>
        <h2 id="name-step-title">What should neighbours call you?</h2>
        <p className="muted small">
          Your name shows on your requests and when you help. Without one, fellow members see your e-mail address ({viewer.email}).
        </p>
        <TextField
          label="Your name"
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
            Skip for now
          </Button>
          <Button type="submit" busy={updateProfile.isPending}>
            Save name
          </Button>
        </div>
      </form>
    </Card>
  );
}
