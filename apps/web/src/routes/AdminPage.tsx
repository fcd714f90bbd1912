import { Alert, Button, Card, EmptyState, Spinner } from "../components/ui";
import { claimTimeTrend, formatClaimTime, formatGroupSize, formatMetric, fulfillmentTrend } from "../features/admin/format";
import { MetricCard } from "../features/admin/MetricCard";
import { WeeklyChart } from "../features/admin/WeeklyChart";
import { formatDateTime } from "../lib/dates";
import { errorMessage, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import "../features/admin/admin.css";

function splitUnit(text: string): { value: string; unit: string } {
  // The last space: "< 1 min" is "< 1" and "min".
  const space = text.lastIndexOf(" ");
  return { value: text.slice(0, space), unit: text.slice(space + 1) };
}

export default function AdminPage() {
  usePageTitle("Admin");
  const metrics = trpc.admin.metrics.useQuery(undefined, { refetchInterval: 60_000 });

  let body;
  if (metrics.isLoading) {
    body = <Spinner label="Loading metrics…" />;
  } else if (metrics.isError) {
    body = (
      <Alert>
        <p>{errorMessage(metrics.error, "Failed to load metrics")}</p>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Retry
        </Button>
      </Alert>
    );
  } else if (!metrics.data) {
    body = <EmptyState title="No data yet">Metrics appear once neighbours start using the app.</EmptyState>;
  } else {
    const m = metrics.data;
    // "23.0 hours": the number large, the unit small, so the card never wraps mid-figure.
    // "—" only when nobody has claimed yet; claims within seconds average to 0 hours.
    const claimTime = m.claimCount > 0 ? splitUnit(formatClaimTime(m.averageTimeToClaimHours)) : null;
    body = (
      <>
        <p className="admin-updated" aria-live="polite">
          Last updated {formatDateTime(m.generatedAt)}
        </p>
        <div className="metrics-grid">
          <MetricCard label="Total Users" value={formatMetric(m.totalUsers)} hint="Registered accounts" />
          <MetricCard label="Active Users" value={formatMetric(m.activeUsers)} hint="Signed in or used the app in the last 30 days" />
          <MetricCard label="Total Groups" value={formatMetric(m.totalGroups)} hint="Groups that exist now" />
          <MetricCard label="Requests This Month" value={formatMetric(m.totalRequestsThisMonth)} hint="Posted since the first day of this month (UTC)" />
          <MetricCard
            label="Fulfillment Rate"
            value={`${formatMetric(m.fulfillmentRate)}%`}
            hint="Share of requests that were claimed or fulfilled"
            trend={fulfillmentTrend(m.fulfillmentRate)}
          />
          <MetricCard
            label="Avg. Time to Claim"
            value={claimTime ? claimTime.value : "—"}
            unit={claimTime?.unit}
            hint="From posting to a neighbour offering help"
            trend={m.claimCount > 0 ? claimTimeTrend(m.averageTimeToClaimHours) : undefined}
          />
          <MetricCard label="Avg. Group Size" value={formatGroupSize(m.averageGroupSize)} hint="Members per group" />
        </div>
        <Card className="admin-section">
          <h2>Requests per week</h2>
          {m.weekly.every((w) => w.posted === 0 && w.fulfilled === 0) ? (
            <EmptyState title="No requests in the last 12 weeks" />
          ) : (
            <WeeklyChart weeks={m.weekly} />
          )}
        </Card>
      </>
    );
  }

  return (
    <div className="page">
      <div className="page-header">
        <h1>Admin Dashboard</h1>
      </div>
      {body}
    </div>
  );
}

