import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button, Card, Modal, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";

/** "Your data": download everything we hold, or delete the account for good. */
export function DataRightsSection() {
  const toast = useToast();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const deleteAccount = trpc.user.deleteAccount.useMutation();

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
      toast.success("Your data has been downloaded");
    } catch (e) {
      toast.error(errorMessage(e, "Failed to export your data"));
    } finally {
      setDownloading(false);
    }
  }

  async function confirmDelete(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError("Password is required");
    setError(null);
    try {
      await deleteAccount.mutateAsync({ password });
      // The same path as a sign-out: caches dropped, user cleared, guards send the visitor to /login.
      await signOut();
      toast.success("Your account has been deleted");
      navigate("/login", { replace: true });
    } catch (e) {
      const message = errorMessage(e, "Failed to delete your account");
      toast.error(message);
    }
  }

  return (
    <Card>
      <h2>Your data</h2>
      <p className="muted">Download everything Help Your Neighbor holds about you, as a JSON file.</p>
      <Button variant="secondary" onClick={download} busy={downloading}>
        Download my data
      </Button>
      <hr className="divider" />
      <h3>Delete account</h3>
      <p className="muted">
        Your requests, memberships and invitations are removed. Groups you own pass to their longest-standing member, or are deleted
        when you are the only one. This cannot be undone.
      </p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete my account
      </Button>
      <Modal
        title="Delete your account?"
        open={confirming}
        onClose={() => {
          setConfirming(false);
          setPassword("");
          setError(null);
        }}
      >
        <form onSubmit={confirmDelete} noValidate>
          <p>This action cannot be undone. Enter your password to confirm.</p>
          <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => (setPassword(e.target.value), setError(null))} error={error} autoFocus />
          <div className="modal-footer">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleteAccount.isPending}>
              Keep my account
            </Button>
            <Button type="submit" variant="danger" busy={deleteAccount.isPending}>
              Delete my account
            </Button>
          </div>
        </form>
      </Modal>
    </Card>
  );
}
