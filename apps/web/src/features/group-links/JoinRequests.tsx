import { Button } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import "./group-links.css";

/**
 * On the owner's group card: who asked to join through a link that needs approval (issue 27), each with
 * Approve and Decline. Nothing is shown while nobody is waiting.
 */
export function JoinRequests({ groupId, groupName }: { groupId: string; groupName: string }) {
  const t = useT();
  // Every group's requests in one call, made with the Groups page's first batch (GroupsPage).
  const incoming = trpc.groupLinks.incomingJoinRequests.useQuery();
  const waiting = incoming.data?.filter((r) => r.groupId === groupId) ?? [];
  const approve = trpc.groupLinks.approve.useMutation();
  const decline = trpc.groupLinks.decline.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const busy = approve.isPending || decline.isPending;

  if (waiting.length === 0) return null;

  async function answer(joinRequestId: string, name: string, approved: boolean) {
    try {
      if (approved) await approve.mutateAsync({ groupId, joinRequestId });
      else await decline.mutateAsync({ groupId, joinRequestId });
      toast.success(t(approved ? "sharing.joinRequestApproved" : "sharing.joinRequestDeclined", { name }));
      if (approved) void utils.groups.list.invalidate();
    } catch (e) {
      toast.error(errorMessage(e, t("sharing.joinRequestFailed")));
    }
    await utils.groupLinks.incomingJoinRequests.invalidate();
  }

  return (
    <section className="join-requests" aria-label={t("sharing.joinRequestsTitle", { group: groupName })}>
      <h4 className="group-links-title">{t("sharing.joinRequestsTitle", { group: groupName })}</h4>
      <ul className="join-request-list">
        {waiting.map((request) => (
          <li key={request.id} className="join-request" data-testid="join-request">
            <span className="join-request-who">
              <strong>{request.name}</strong> <span className="small muted">{request.email}</span>
            </span>
            <span className="row">
              <Button
                className="btn-small"
                aria-label={t("sharing.approveJoinLabel", { name: request.name })}
                disabled={busy}
                onClick={() => void answer(request.id, request.name, true)}
              >
                {t("sharing.approveJoin")}
              </Button>
              <Button
                variant="secondary"
                className="btn-small"
                aria-label={t("sharing.declineJoinLabel", { name: request.name })}
                disabled={busy}
                onClick={() => void answer(request.id, request.name, false)}
              >
                {t("sharing.declineJoin")}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
