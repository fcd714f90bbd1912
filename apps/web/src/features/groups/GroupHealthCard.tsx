import { GROUP_HEALTH_DAYS } from "@hyn/validators/group-health";
import { Button } from "../../components/ui";
import { trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { sparklinePoints, waitInOneUnit } from "./group-health";

const WIDTH = 160;
const HEIGHT = 40;
const UNIT_KEY = { minutes: "groups.healthMinutes", hours: "groups.healthHours", days: "groups.healthDays" } as const;

/**
 * The owner's small card of how their group is doing (issue 41 §4): the last 30 days' requests, how many were
 * fulfilled, the typical wait for a first offer, those nobody offered for, who helped, who visited and who has gone
 * quiet, with a sparkline of requests per week. The sparkline is drawn by hand and summarised in words for a screen
 * reader (the figures beside it are a list, not a table of numbers).
 */
export function GroupHealthCard({ groupId }: { groupId: string }) {
  const t = useT();
  const health = trpc.groups.health.useQuery({ groupId });
  const headingId = `group-${groupId}-health`;
  let body;
  if (health.isPending) {
    body = (
      <p className="small muted group-health-loading" role="status">
        {t("groups.healthLoading")}
      </p>
    );
  } else if (health.isError) {
    body = (
      <div className="group-health-failed" role="alert">
        <p className="small">{t("groups.healthFailed")}</p>
        <Button variant="secondary" className="btn-small" onClick={() => void health.refetch()}>
          {t("groups.healthRetry")}
        </Button>
      </div>
    );
  } else {
    const h = health.data;
    const counts = h.weeklyRequests.map((w) => w.requests);
    const points = sparklinePoints(counts, WIDTH, HEIGHT);
    const summary = t("groups.healthSparkline", {
      total: counts.reduce((sum, n) => sum + n, 0),
      weeks: counts.length,
      max: Math.max(0, ...counts),
      latest: counts.at(-1) ?? 0,
    });
    const wait = h.medianMinutesToFirstOffer === null ? null : waitInOneUnit(h.medianMinutesToFirstOffer);
    const memberCount = h.activeMembers + h.quietMembers.length;
    body = (
      <>
        {/* Nothing to draw in 8 weeks: the empty state below says it in words alone. */}
        {counts.some((n) => n > 0) && (
          <figure className="group-health-sparkline">
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              width={WIDTH}
              height={HEIGHT}
              role="img"
              aria-label={`${t("groups.healthSparklineTitle")}: ${summary}`}
              data-testid="group-health-sparkline"
            >
              <polyline points={points.map((p) => `${p.x},${p.y}`).join(" ")} />
              {points.length > 0 && <circle cx={points.at(-1)!.x} cy={points.at(-1)!.y} r={3} />}
            </svg>
            {/* Said once: the image is named by the same words. */}
            <figcaption className="small muted" aria-hidden="true">
              {summary}
            </figcaption>
          </figure>
        )}
        {h.requests === 0 ? (
          <p className="small group-health-empty">{t("groups.healthEmpty", { days: GROUP_HEALTH_DAYS })}</p>
        ) : null}
        <dl className="group-health-figures">
          <div>
            <dt>{t("groups.healthRequests")}</dt>
            <dd>{h.requests}</dd>
          </div>
          {h.requests > 0 && (
            <>
              <div>
                <dt>{t("groups.healthFulfilled")}</dt>
                <dd>{t("groups.healthOutOf", { count: h.fulfilled, total: h.requests })}</dd>
              </div>
              <div>
                <dt>{t("groups.healthFirstOffer")}</dt>
                <dd>
                  {wait === null
                    ? t("groups.healthNoOfferYet")
                    : wait.count === 0
                      ? t("groups.healthUnderAMinute")
                      : t(UNIT_KEY[wait.unit], { count: wait.count })}
                </dd>
              </div>
              <div>
                <dt>{t("groups.healthUnoffered")}</dt>
                <dd>{h.unoffered}</dd>
              </div>
              <div>
                <dt>{t("groups.healthHelpers")}</dt>
                <dd>{h.helpers}</dd>
              </div>
            </>
          )}
          <div>
            <dt>{t("groups.healthActive")}</dt>
            <dd>{t("groups.healthOutOf", { count: h.activeMembers, total: memberCount })}</dd>
          </div>
        </dl>
        {h.quietMembers.length === 0 ? (
          <p className="small muted">{t("groups.healthNoneQuiet", { days: GROUP_HEALTH_DAYS })}</p>
        ) : (
          <div className="group-health-quiet">
            <h5>{t("groups.healthQuietTitle")}</h5>
            <ul>
              {h.quietMembers.map((member) => (
                <li key={member.userId}>
                  {/* Their name, else their address: the server's display name is never empty. */}
                  {member.name}{" "}
                  <span className="muted">
                    · {t("groups.healthQuietFor", { weeks: Math.floor(member.quietSinceDays / 7) })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </>
    );
  }
  return (
    <section
      className="group-health"
      aria-labelledby={headingId}
      aria-busy={health.isPending}
      data-testid="group-health"
    >
      <h4 id={headingId} className="group-health-title">
        {t("groups.healthTitle")}
      </h4>
      <p className="small muted group-health-window">{t("groups.healthWindow", { days: GROUP_HEALTH_DAYS })}</p>
      {body}
    </section>
  );
}
