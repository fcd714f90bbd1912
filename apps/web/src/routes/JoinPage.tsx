import { useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { messages } from "@hyn/validators/messages";
import { Button, Card, Spinner } from "../components/ui";
import { StatusView } from "../features/account/StatusView";
import { useAuth } from "../features/auth/AuthProvider";
import { useGroupsCache } from "../lib/useGroupsCache";
import { errorMessage, trpc, type RouterOutputs } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import "../features/invitations/invitations.css";

const JOIN_TEXTS = {
  invalidLink: "This invitation link is invalid or has expired.",
  joinFailed: "Failed to join group. Please try again.",
} as const;

type Joined = RouterOutputs["invitations"]["joinByToken"];

/**
 * SPEC §2 Join page (/invite?token=, /invite/{token}, /join/{token}): loading, invalid link, login
 * required, error, join prompt, success. The token is validated only once someone is logged in.
 */
export default function JoinPage() {
  usePageTitle("Join a Group");
  const { token: pathToken } = useParams();
  const [params] = useSearchParams();
  const token = (pathToken ?? params.get("token") ?? "").trim();
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();

  if (!token) {
    return (
      <StatusView tone="error" title="Invalid Invitation">
        <p>{messages.invalidInvitationLink}</p>
        <Button onClick={() => navigate("/")}>Go to Home</Button>
      </StatusView>
    );
  }
  if (loading) return <JoinLoading />;
  if (!user) {
    const here = location.pathname + location.search;
    return (
      <StatusView tone="info" title="Join a Group">
        <p>You have been invited to a neighbourhood group on Help Your Neighbor. Log in, or sign up for free, to see the invitation and join.</p>
        <Button
          // Sign-up keeps this redirect through e-mail confirmation (features/account/afterConfirmRedirect).
          onClick={() => navigate(`/login?redirect=${encodeURIComponent(here)}`)}
        >
          Log In / Sign Up
        </Button>
      </StatusView>
    );
  }
  return <JoinWithToken token={token} />;
}

function JoinLoading() {
  return (
    <div className="page page-narrow">
      <Card aria-busy="true">
        <Spinner label="Checking your invitation…" />
      </Card>
    </div>
  );
}

function JoinWithToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const validation = trpc.invitations.validate.useQuery({ token }, { retry: false, staleTime: Infinity });
  const join = trpc.invitations.joinByToken.useMutation();
  const cache = useGroupsCache();
  const utils = trpc.useUtils();
  const [joined, setJoined] = useState<Joined | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const toDashboard = (
    <Button variant={joined ? "primary" : "secondary"} onClick={() => navigate("/")}>
      Go to Dashboard
    </Button>
  );

  if (joined) {
    return (
      <StatusView tone="success" title={`Welcome to ${joined.name}!`} takeFocus>
        <p>You are now a member. You can see the group&apos;s requests on your dashboard and offer to help.</p>
        <div className="row join-actions">
          {toDashboard}
          <Link className="btn btn-secondary" to={`/groups?highlight=${joined.id}`}>
            View your groups
          </Link>
        </div>
      </StatusView>
    );
  }
  if (failure !== null || validation.isError) {
    const reason = failure ?? null;
    return (
      <StatusView tone="error" title="Invitation Error" takeFocus={failure !== null}>
        <p>{failure !== null ? JOIN_TEXTS.joinFailed : JOIN_TEXTS.invalidLink}</p>
        {reason && reason !== JOIN_TEXTS.joinFailed && <p className="join-reason">{reason}</p>}
        {toDashboard}
      </StatusView>
    );
  }
  if (validation.isPending) return <JoinLoading />;

  const group = validation.data.group;
  if (validation.data.alreadyMember) {
    return (
      <StatusView tone="info" title={messages.alreadyMember}>
        <p className="join-group-name">{group.name}</p>
        <div className="row join-actions">
          <Link className="btn btn-primary" to={`/groups?highlight=${group.id}`}>
            Go to {group.name}
          </Link>
        </div>
      </StatusView>
    );
  }
  async function joinGroup() {
    try {
      const result = await join.mutateAsync({ token });
      cache.addGroup(result);
      void utils.invitations.pending.invalidate();
      setJoined(result);
    } catch (e) {
      setFailure(errorMessage(e, JOIN_TEXTS.joinFailed));
    }
  }

  return (
    <StatusView tone="info" title="Join a Group">
      <p>You have been invited to join</p>
      <p className="join-group-name">{group.name}</p>
      <p>Members post things they need picked up and help each other out.</p>
      <div className="row join-actions">
        <Button variant="secondary" onClick={() => navigate("/")} disabled={join.isPending}>
          Not now
        </Button>
        <Button onClick={() => void joinGroup()} busy={join.isPending}>
          Join Group
        </Button>
      </div>
    </StatusView>
  );
}
