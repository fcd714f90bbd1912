import { quietDuration } from "@hyn/validators/policy";
import { useState } from "react";
import { Alert, Button, ConfirmModal, Spinner } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { translate, useT } from "../../i18n/useT";
import { useGroupsCache, type Group, type GroupMember } from "../../lib/useGroupsCache";
import { BlockDialog, useBlocking } from "../blocking/blocking";
import { ReportButton } from "../moderation/ReportButton";
import { OfflineNeighbours } from "./OfflineNeighbours";

type PendingAction = { kind: "remove" | "transfer"; member: GroupMember } | null;

/** Their name, else their address; else (no name, address hidden, issue 43 §3) the cards' "A neighbour". */
const nameOf = (member: GroupMember) => member.name || member.email || translate("requests.aNeighbour");

/** PRODUCT "Member activity": what the owner's list says of each member's last activity. */
const ACTIVITY_TEXT = {
  week: "sharing.activityWeek",
  month: "sharing.activityMonth",
  quarter: "sharing.activityQuarter",
  older: "sharing.activityOlder",
} as const;

/**
 * The member list (PRODUCT "Screens"): name, e-mail, generalArea when present, Owner/Member badge; the owner sees
 * Remove (and, beyond the spec, Make owner) on everyone else.
 */
export function MemberList({ group, viewerId, id }: { group: Group; viewerId: string; id: string }) {
  const t = useT();
  const members = trpc.groups.members.useQuery({ groupId: group.id });
  const remove = trpc.groups.removeMember.useMutation();
  const transfer = trpc.groups.transferOwnership.useMutation();
  const cache = useGroupsCache();
  const utils = trpc.useUtils();
  const toast = useToast();
  const [pending, setPending] = useState<PendingAction>(null);
  const viewerIsOwner = group.createdBy === viewerId;
  // Whom the viewer blocked (PRODUCT "Blocking"): their row offers Unblock instead of Block.
  const blocked = trpc.blocks.list.useQuery();
  const blockedIds = new Set(blocked.data?.map((person) => person.id));
  const blocking = useBlocking();
  const [toBlock, setToBlock] = useState<GroupMember | null>(null);

  async function confirm() {
    if (!pending) return;
    const { kind, member } = pending;
    try {
      if (kind === "remove") {
        await remove.mutateAsync({ groupId: group.id, userId: member.id });
        cache.removeMember(group.id, member.id);
        toast.success(t("sharing.memberRemoved", { member: nameOf(member), group: group.name }));
      } else {
        const updated = await transfer.mutateAsync({ groupId: group.id, userId: member.id });
        cache.replaceGroup(updated);
        toast.success(t("sharing.ownershipTransferred", { member: nameOf(member), group: group.name }));
      }
      // Either changes whose invitations the sent panel holds (PRODUCT "Departures").
      void utils.invitations.outgoing.invalidate();
      setPending(null);
    } catch (e) {
      toast.error(errorMessage(e, kind === "remove" ? t("sharing.removeMemberFailed") : t("sharing.transferFailed")));
      setPending(null);
    }
  }

  let body;
  if (members.isPending) body = <Spinner label={t("sharing.loadingMembers")} />;
  else if (members.isError)
    body = (
      <Alert>
        {errorMessage(members.error, t("sharing.loadMembersFailed"))}{" "}
        <Button variant="ghost" className="btn-small" onClick={() => void members.refetch()}>
          {t("groups.retry")}
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
                <span className="member-name" id={`${id}-member-${member.id}`}>
                  {nameOf(member)}
                  {member.id === viewerId && <span className="muted"> {t("sharing.you")}</span>}
                </span>
                <span className={`badge${isOwner ? " badge-owner" : ""}`}>
                  {isOwner ? t("groups.owner") : t("groups.member")}
                </span>
                {/* Someone without a name is shown by their address already: once is enough. */}
                {member.name && member.email && (
                  <a className="member-email small" href={`mailto:${member.email}`}>
                    {member.email}
                  </a>
                )}
                {member.generalArea && <span className="member-area small muted">{member.generalArea}</span>}
                {member.activity && member.id !== viewerId && (
                  <span className="member-activity small muted" data-activity={member.activity}>
                    {t(ACTIVITY_TEXT[member.activity])}
                    {/* PRODUCT "Quiet members": a month or more without a visit; nobody is removed for it. */}
                    {member.quietSinceDays !== null && (
                      <span className="member-quiet">
                        {" · "}
                        {t("sharing.quietFor", quietDuration(member.quietSinceDays))}
                      </span>
                    )}
                  </span>
                )}
              </div>
              {member.id !== viewerId && (
                <div className="member-actions">
                  {viewerIsOwner && (
                    <>
                      <Button
                        variant="ghost"
                        className="btn-small"
                        onClick={() => setPending({ kind: "transfer", member })}
                      >
                        {t("sharing.makeOwner")}
                      </Button>
                      <Button
                        variant="ghost"
                        className="btn-small btn-text-danger"
                        onClick={() => setPending({ kind: "remove", member })}
                        aria-label={t("sharing.removeNamed", { name: nameOf(member) })}
                      >
                        {t("sharing.remove")}
                      </Button>
                    </>
                  )}
                  {blockedIds.has(member.id) ? (
                    <>
                      <span className="badge">{t("profile.blockedBadge")}</span>
                      <Button
                        variant="ghost"
                        className="btn-small"
                        disabled={blocking.busy}
                        onClick={() => void blocking.unblock({ id: member.id, name: nameOf(member) })}
                        aria-label={t("profile.unblockNamed", { name: nameOf(member) })}
                      >
                        {t("profile.unblock")}
                      </Button>
                    </>
                  ) : (
                    <Button
                      variant="ghost"
                      className="btn-small"
                      disabled={blocked.isPending}
                      onClick={() => setToBlock(member)}
                      aria-label={t("profile.blockNamed", { name: nameOf(member) })}
                    >
                      {t("profile.block")}
                    </Button>
                  )}
                  {/* Any member may report another (issue 29); only admins see it. */}
                  <ReportButton
                    subject={{ kind: "member", userId: member.id, groupId: group.id, name: nameOf(member) }}
                    describedBy={`${id}-member-${member.id}`}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="member-panel" id={id} aria-live="polite" aria-busy={members.isPending}>
      <h4 className="member-panel-title">{t("groups.members")}</h4>
      {body}
      {/* Neighbours without the app (issue 42 §1): not users, so no Block, Report or Make owner on them. */}
      <OfflineNeighbours group={group} viewerId={viewerId} id={id} />
      {toBlock && <BlockDialog person={{ id: toBlock.id, name: nameOf(toBlock) }} onClose={() => setToBlock(null)} />}
      <ConfirmModal
        open={pending?.kind === "remove"}
        title={t("sharing.removeMemberTitle")}
        message={pending ? t("sharing.removeMemberConfirm", { name: nameOf(pending.member) }) : ""}
        confirmLabel={t("sharing.removeMemberTitle")}
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
      <ConfirmModal
        open={pending?.kind === "transfer"}
        title={t("sharing.makeOwnerTitle")}
        message={pending ? t("sharing.makeOwnerConfirm", { member: nameOf(pending.member), group: group.name }) : ""}
        confirmLabel={t("sharing.makeOwnerTitle")}
        busy={transfer.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
