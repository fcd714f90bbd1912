import { useEffect } from "react";
import { useT } from "../../i18n/useT";
import { trpc } from "../../lib/trpc";

/**
 * A helper's own month, to themselves only (issue 41 §2): "You helped 4 neighbours this month." Nothing at
 * all while it loads, if it fails, or at none (no nudge, no league table: nobody else's count exists here).
 * `seenAt` is when the dashboard last read its lists: a fulfilment there reads the month again.
 */
export default function MyMonth({ seenAt }: { seenAt: number }) {
  const t = useT();
  const month = trpc.user.myMonth.useQuery(undefined, { staleTime: 60_000 });
  const { refetch } = month;
  useEffect(() => {
    if (seenAt) void refetch();
  }, [seenAt, refetch]);
  const count = month.data?.neighboursHelped ?? 0;
  if (count === 0) return null;
  return (
    <p className="dashboard-my-month">
      {t("requests.myMonth", { count })} {t("requests.myMonthThanks")}
    </p>
  );
}
