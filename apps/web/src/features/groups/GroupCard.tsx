import { useEffect, useRef, useState, type Ref } from "react";
import { Button } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { formatDate } from "../../lib/dates";
import { errorMessage, trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";
import { GroupLinks } from "../group-links/GroupLinks";
import { JoinRequests } from "../group-links/JoinRequests";
import { GroupReports } from "../moderation/GroupReports";
import { InviteForm } from "../invitations/InviteForm";
import { GroupCardNotifications } from "../notifications/GroupCardNotifications";
import { PrintSheet } from "../notice-sheet/PrintSheet";
import { GroupDescription } from "./GroupDescription";
import { GroupHealthCard } from "./GroupHealthCard";
import { GroupRules } from "./GroupRules";
import { LeaveGroupDialog } from "./LeaveGroupDialog";
import { MemberList } from "./MemberList";
import { useGroupsCache, type Group } from "../../lib/useGroupsCache";

/**
 * A group card (PRODUCT "Screens"): name, Owner/Member badge, created date, member count, and View/Hide Members,
 * Invite Members (owners: only they may invite) and Leave Group; and when to hear of its new requests (issue 15).
 */
export function GroupCard({
  group,
  viewerId,
  highlighted,
  startInviting = false,
  ref,
}: {
  group: Group;
  viewerId: string;
  highlighted: boolean;
  /** Just created: the card opens on its invite form (issue 27: creating a group leads straight to inviting). */
  startInviting?: boolean;
  ref?: Ref<HTMLElement>;
}) {
  const t = useT();
  const [showMembers, setShowMembers] = useState(false);
  const [inviting, setInviting] = useState(startInviting && group.createdBy === viewerId);
  // Creating a group leads straight to inviting: the group link with its QR code, and e-mail addresses.
  const [sharing, setSharing] = useState(startInviting && group.createdBy === viewerId);
  const inviteButton = useRef<HTMLButtonElement>(null);
  // Sent or cancelled, the form goes away with focus in it: back to the button that opened it.
  const closeInviteForm = () => {
    setInviting(false);
    inviteButton.current?.focus();
  };
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [leaveBlocked, setLeaveBlocked] = useState(false);
  const isOwner = group.createdBy === viewerId;
  // The server refuses an owner's leaving while others remain: say so before asking to confirm.
  const ownerMustHandOver = isOwner && group.memberCount > 1;
  const count = trpc.invitations.count.useQuery(undefined, { enabled: isOwner });
  const leave = trpc.groups.leave.useMutation();
  const cache = useGroupsCache();
  const toast = useToast();
  const atInviteLimit = count.data !== undefined && count.data.current >= count.data.max;
  const membersId = `group-${group.id}-members`;
  const linksId = `group-${group.id}-links`;
  const titleId = `group-${group.id}-title`;

  const countFailed = count.isError;
  useEffect(() => {
    // A failure loading the invitation count is only logged.
    if (countFailed) console.warn("Failed to load invitation count");
  }, [countFailed]);

  async function confirmLeaving() {
    try {
      const { groupDeleted } = await leave.mutateAsync({ groupId: group.id });
      setConfirmLeave(false);
      cache.removeGroup(group.id);
      toast.success(t(groupDeleted ? "groups.leftGroupDeleted" : "groups.leftGroup", { name: group.name }));
    } catch (e) {
      setConfirmLeave(false);
      toast.error(errorMessage(e, t("groups.leaveGroupFailed")));
    }
  }

  return (
    <article
      ref={ref}
      id={`group-${group.id}`}
      tabIndex={-1}
      className={`card group-card${highlighted ? " group-card-highlight" : ""}`}
      aria-labelledby={titleId}
      data-testid="group-card"
    >
      <header className="group-card-header">
        <h3 id={titleId} className="group-card-title">
          {group.name}
        </h3>
        <span className={`badge${isOwner ? " badge-owner" : ""}`}>
          {isOwner ? t("groups.owner") : t("groups.member")}
        </span>
      </header>
      <GroupDescription group={group} isOwner={isOwner} />
      <GroupRules group={group} isOwner={isOwner} />
      <dl className="group-facts">
        <div>
          <dt>{t("groups.created")}</dt>
          <dd>
            <time dateTime={group.createdAt}>{formatDate(group.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t("groups.members")}</dt>
          <dd>{t("groups.memberCount", { count: group.memberCount })}</dd>
        </div>
      </dl>
      {isOwner && <GroupHealthCard groupId={group.id} />}
      <GroupCardNotifications groupId={group.id} groupName={group.name} />
      <div className="group-actions">
        <Button
          variant="secondary"
          className="btn-small"
          aria-expanded={showMembers}
          aria-controls={membersId}
          onClick={() => setShowMembers((v) => !v)}
        >
          {showMembers ? t("groups.hideMembers") : t("groups.viewMembers")}
        </Button>
        {isOwner && (
          <span title={atInviteLimit ? errorText("invitationLimitTooltip") : undefined}>
            <Button
              ref={inviteButton}
              variant="secondary"
              className="btn-small"
              aria-expanded={inviting}
              disabled={atInviteLimit}
              needsNetwork
              onClick={() => setInviting((v) => !v)}
            >
              {t("groups.inviteMembers")}
            </Button>
          </span>
        )}
        {isOwner && (
          <Button
            variant="secondary"
            className="btn-small"
            aria-expanded={sharing}
            aria-controls={sharing ? linksId : undefined}
            onClick={() => setSharing((v) => !v)}
          >
            {t("sharing.shareLink")}
          </Button>
        )}
        <PrintSheet groupId={group.id} />
        <Button
          variant="ghost"
          className="btn-small btn-text-danger"
          aria-expanded={ownerMustHandOver ? leaveBlocked : undefined}
          onClick={() => {
            if (!ownerMustHandOver) return setConfirmLeave(true);
            // Show why, with the member list open where "Make owner" and "Remove" are.
            setLeaveBlocked(true);
            setShowMembers(true);
          }}
        >
          {t("groups.leaveGroup")}
        </Button>
      </div>
      {ownerMustHandOver && leaveBlocked && (
        <p className="small group-note" role="status">
          {errorText("ownerCannotLeave")} {t("groups.ownerHandOverHint")}
        </p>
      )}
      {isOwner && atInviteLimit && <p className="small muted group-note">{errorText("invitationLimitTooltip")}</p>}
      {inviting && <InviteForm groupId={group.id} groupName={group.name} onDone={closeInviteForm} />}
      {isOwner && <JoinRequests groupId={group.id} groupName={group.name} />}
      {isOwner && <GroupReports groupId={group.id} groupName={group.name} />}
      {sharing && (
        <div id={linksId}>
          <GroupLinks groupId={group.id} groupName={group.name} />
        </div>
      )}
      {showMembers && <MemberList group={group} viewerId={viewerId} id={membersId} />}
      <LeaveGroupDialog
        groupId={group.id}
        open={confirmLeave}
        isOwner={isOwner}
        busy={leave.isPending}
        onConfirm={() => void confirmLeaving()}
        onClose={() => setConfirmLeave(false)}
      />
    </article>
  );
}
