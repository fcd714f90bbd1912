import { useState } from "react";
import { useNavigate } from "react-router";
import { Button, Card, Modal, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { useForm } from "../../components/form/useForm";
import { errorMessage, trpc } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";

const FIELD_IDS = { password: "delete-account-password" } as const;

/** "Your data": download everything we hold, or delete the account for good. */
export function DataRightsSection() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    initial: { password: "" },
    ids: FIELD_IDS,
    validate: ({ password }) =>
      password
        ? { errors: {}, input: { password } }
        : { errors: { password: "passwordRequired" as const }, input: null },
    send: async (input) => {
      await utils.client.user.deleteAccount.mutate(input);
      // The same path as a sign-out: caches dropped, user cleared, guards send the visitor to /login.
      await signOut();
      toast.success(t("profile.accountDeleted"));
      void navigate("/login", { replace: true });
    },
    failureText: t("profile.deleteAccountFailed"),
  });

  async function download() {
    setDownloading(true);
    try {
      const data = await utils.user.exportData.fetch();
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `help-your-neighbor-data-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
      toast.success(t("profile.dataDownloaded"));
    } catch (e) {
      toast.error(errorMessage(e, t("profile.exportFailed")));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card>
      <h2>{t("profile.dataTitle")}</h2>
      <p className="muted">{t("profile.dataIntro")}</p>
      <Button needsNetwork variant="secondary" onClick={download} busy={downloading}>
        {t("profile.downloadMyData")}
      </Button>
      <hr className="divider" />
      <h3>{t("profile.deleteAccountTitle")}</h3>
      <p className="muted">{t("profile.deleteAccountIntro")}</p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {t("profile.deleteMyAccount")}
      </Button>
      <Modal
        title={t("profile.deleteConfirmTitle")}
        open={confirming}
        onClose={() => {
          setConfirming(false);
          form.reset();
        }}
      >
        <form onSubmit={form.submit} noValidate>
          <p>{t("profile.deleteConfirmText")}</p>
          <TextField
            label={t("profile.passwordLabel")}
            {...form.field("password")}
            type="password"
            autoComplete="current-password"
            autoFocus
          />
          <div className="modal-footer">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={form.busy}>
              {t("profile.keepMyAccount")}
            </Button>
            <Button needsNetwork type="submit" variant="danger" busy={form.busy}>
              {t("profile.deleteMyAccount")}
            </Button>
          </div>
        </form>
      </Modal>
    </Card>
  );
}
