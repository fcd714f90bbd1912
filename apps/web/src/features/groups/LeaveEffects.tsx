import { formatDateTime } from "../../lib/dates";
import { trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";

/**
 * Issue 43: the Leave dialog says what leaving does to the person's things in the group, as the departure
 * rule does it (GET /groups/{id}/leave-preview, a dry run of the departure): claims given back, open
 * requests deleted, trips cancelled or taken out of the group, and the rest. Asked when the dialog opens.
 */
export function LeaveEffects({ groupId }: { groupId: string }) {
  const t = useT();
  const preview = trpc.groups.leavePreview.useQuery({ groupId }, { staleTime: 0, gcTime: 0, retry: false });
  if (preview.isPending)
    return (
      <p className="small muted" role="status">
        {t("groups.leaveEffectsLoading")}
      </p>
    );
  if (preview.isError) return <p className="small">{t("groups.leaveEffectsFailed")}</p>;
  const p = preview.data;
  const lines = [
    p.claimsReopened > 0 && t("groups.leaveClaims", { count: p.claimsReopened }),
    p.requestsWithdrawn > 0 && t("groups.leaveRequests", { count: p.requestsWithdrawn }),
    p.seriesLetGo > 0 && t("groups.leaveSeries", { count: p.seriesLetGo }),
    ...p.tripsCancelled.map((at) => t("groups.leaveTripCancelled", { date: formatDateTime(at) })),
    ...p.tripsTakenOut.map((at) => t("groups.leaveTripTakenOut", { date: formatDateTime(at) })),
    p.invitationsCancelled > 0 && t("groups.leaveInvitations", { count: p.invitationsCancelled }),
    p.neighboursPassed > 0 && t("groups.leaveNeighbours", { count: p.neighboursPassed }),
  ].filter((line): line is string => typeof line === "string");
  if (lines.length === 0) return <p data-testid="leave-effects">{t("groups.leaveEffectsNone")}</p>;
  return (
    <div data-testid="leave-effects">
      <p className="leave-effects-title">{t("groups.leaveEffectsTitle")}</p>
      <ul className="leave-effects">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
