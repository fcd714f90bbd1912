import { useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Button, Card, Spinner } from "../components/ui";
import { NotificationsQuestion } from "../features/account/NotificationsQuestion";
import { StatusView } from "../features/account/StatusView";
import { errorText } from "../i18n/errorText";
import { RulesConsent } from "../features/invitations/RulesConsent";
import { useAuth } from "../features/auth/AuthProvider";
import { useGroupsCache } from "../lib/useGroupsCache";
import { errorKey, errorMessage, trpc, type RouterOutputs } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import "../features/invitations/invitations.css";

type Joined = Exclude<RouterOutputs["invitations"]["joinByToken"], { pending: true }>;

/**
 * The join page of PRODUCT "Screens" (/invite?token=, /invite/{token}, /join/{token}): loading, invalid link, login
 * required, error, join prompt, success. Signed out, the page names the group and who invited, or says the link can no
 * longer be used (issue 43); signed in as another account, the page says whom it is for before anyone tries.
 */
export default function JoinPage() {
  const t = useT();
  usePageTitle(t("groups.joinPageTitle"));
  const { token: pathToken } = useParams();
  const [params] = useSearchParams();
  const token = (pathToken ?? params.get("token") ?? "").trim();
  const { user, loading } = useAuth();
  const location = useLocation();
  // Signing out to use the invited address: the page waits for Log In rather than going on to Sign Up.
  const [switching, setSwitching] = useState(false);

  if (!token) return <InvalidInvitation />;
  if (loading || switching) return <JoinLoading />;
  if (!user) return <JoinSignedOut token={token} here={location.pathname + location.search} />;
  return (
    <JoinWithToken
      token={token}
      viewerEmail={user.email}
      viewerEmailHidden={user.emailHidden}
      onSwitching={() => setSwitching(true)}
    />
  );
}

/**
 * Signed out (issue 43): the spec's "Join a Group", naming the group and who invited, read from the token's public
 * preview, with Log In and Sign Up, both coming back here. An e-mail invitation fills its address in, and its
 * token rides along to Sign Up, where it proves the address (no second e-mail). A link that can no longer be used
 * says so here, before anyone signs up; one that names nothing is the spec's "Invalid Invitation".
 */
function JoinSignedOut({ token, here }: { token: string; here: string }) {
  const t = useT();
  const navigate = useNavigate();
  const preview = trpc.groupLinks.preview.useQuery({ token }, { retry: false, staleTime: Infinity });
  if (preview.isPending) return <JoinLoading />;
  if (isRefusedToken(preview.error)) return <InvalidInvitation />;
  const back = `redirect=${encodeURIComponent(here)}`;
  const logIn = (email: string | null) =>
    navigate(`/login?${email ? `email=${encodeURIComponent(email)}&` : ""}${back}`);
  if (!preview.data) {
    // The preview could not be read (too many tries, no connection): log in or sign up, and the page tells after.
    return (
      <StatusView tone="info" title={t("groups.joinPageTitle")}>
        <p>{t("groups.joinLoggedOut")}</p>
        <Button onClick={() => logIn(null)}>{t("groups.logInOrSignUp")}</Button>
      </StatusView>
    );
  }
  const { kind, state, groupName, inviterName, invitedEmail } = preview.data;
  if (state !== "valid" && state !== "approval") {
    const lines =
      state === "revoked"
        ? [t("sharing.joinLinkRevoked")]
        : state === "paused"
          ? [errorText("groupLinkPaused")]
          : state === "used"
            ? [errorText("invitationUsed"), t("sharing.joinInvitationUsedHelp")]
            : kind === "invitation"
              ? [errorText("invitationExpired"), t("sharing.joinInvitationExpiredHelp")]
              : [t("sharing.joinLinkExpired")];
    return (
      <StatusView tone="error" title={t("groups.joinPageTitle")}>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <div className="row join-actions">
          <Button variant={state === "used" ? "secondary" : "primary"} onClick={() => navigate("/")}>
            {t("groups.goHome")}
          </Button>
          {state === "used" && <Button onClick={() => logIn(null)}>{t("groups.logIn")}</Button>}
        </div>
      </StatusView>
    );
  }
  const signUp =
    `/signup?${invitedEmail ? `email=${encodeURIComponent(invitedEmail)}&invite=${encodeURIComponent(token)}&` : ""}` +
    back;
  return (
    <StatusView tone="info" title={t("groups.joinPageTitle")}>
      <p>{t("groups.invitedToJoin")}</p>
      <p className="join-group-name">{groupName}</p>
      {inviterName && (
        <p className="join-facts">
          <span>{t("groups.invitedBy", { name: inviterName })}</span>
        </p>
      )}
      {invitedEmail && <p>{t("sharing.invitationFor", { email: invitedEmail })}</p>}
      {state === "approval" && inviterName && <p>{t("sharing.approvalExplain", { owner: inviterName })}</p>}
      <p>{t("sharing.joinSignedOut")}</p>
      <div className="row join-actions">
        <Button variant="secondary" onClick={() => logIn(invitedEmail)}>
          {t("groups.logIn")}
        </Button>
        <Button onClick={() => navigate(signUp)}>{t("auth.signUpButton")}</Button>
      </div>
    </StatusView>
  );
}

/**
 * A link this page cannot use: one screen at /invite and /join, with the spec's texts ("Invalid Invitation",
 * Go to Home; issue 30): for everyone when it has no code, and once signed in when its code is unknown, used
 * or expired.
 */
function InvalidInvitation() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <StatusView tone="error" title={t("groups.invalidInvitationTitle")}>
      <p>{errorText("invalidInvitationLink")}</p>
      <p>{t("groups.invalidLink")}</p>
      <Button onClick={() => navigate("/")}>{t("groups.goHome")}</Button>
    </StatusView>
  );
}

/**
 * The server answered that the token is no invitation: unknown or used (404), unreadable (400), or
 * expired. Other refusals (a paused link, already a member, a full group) say their own text; a failure
 * to reach the server may pass.
 */
const isRefusedToken = (error: { data?: { httpStatus?: number; messageKey?: string } | null } | null) => {
  const status = error?.data?.httpStatus;
  return status === 404 || status === 400 || error?.data?.messageKey === "inviteExpired";
};

function JoinLoading() {
  const t = useT();
  return (
    <div className="page page-narrow">
      <Card aria-busy="true">
        <Spinner label={t("groups.checkingInvitation")} />
      </Card>
    </div>
  );
}

function JoinWithToken({
  token,
  viewerEmail,
  viewerEmailHidden,
  onSwitching,
}: {
  token: string;
  viewerEmail: string;
  /** Whether the viewer hid their address from other members (issue 43 §3). */
  viewerEmailHidden: boolean;
  onSwitching: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut } = useAuth();
  // The join page's facts for an e-mail invitation's token or a group link's (issue 27).
  const validation = trpc.groupLinks.joinPage.useQuery({ token }, { retry: false, staleTime: Infinity });
  const join = trpc.invitations.joinByToken.useMutation();
  const cache = useGroupsCache();
  const utils = trpc.useUtils();
  const [joined, setJoined] = useState<Joined | null>(null);
  const [asked, setAsked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [acceptRules, setAcceptRules] = useState(false);
  const [rulesMissing, setRulesMissing] = useState(false);
  const { user } = useAuth();

  const toDashboard = (
    <Button variant={joined ? "primary" : "secondary"} onClick={() => navigate("/")}>
      {t("groups.goToDashboard")}
    </Button>
  );

  if (joined) {
    return (
      <StatusView tone="success" title={t("groups.welcomeTo", { name: joined.name })} takeFocus>
        <p>{t("groups.nowMember")}</p>
        <div className="row join-actions">
          {toDashboard}
          <Link className="btn btn-secondary" to={`/groups?highlight=${joined.id}`}>
            {t("groups.viewYourGroups")}
          </Link>
        </div>
        {/* Joining one's first group: how to hear of its requests, asked once (PRODUCT "Asked once"). */}
        {user && !user.notificationsAsked && <NotificationsQuestion viewer={user} />}
      </StatusView>
    );
  }
  if (failure === null && isRefusedToken(validation.error)) return <InvalidInvitation />;
  if (failure !== null || validation.isError) {
    const reason = failure ?? null;
    const joinFailed = t("groups.joinFailed");
    return (
      <StatusView tone="error" title={t("groups.invitationErrorTitle")} takeFocus={failure !== null}>
        <p>
          {failure !== null
            ? joinFailed
            : // A suspended owner's link is paused, not dead: its own text says to try again later.
              errorKey(validation.error) === "groupLinkPaused"
              ? errorText("groupLinkPaused")
              : t("groups.invalidLink")}
        </p>
        {reason && reason !== joinFailed && <p className="join-reason">{reason}</p>}
        {toDashboard}
      </StatusView>
    );
  }
  if (validation.isPending) return <JoinLoading />;

  const { group, inviterName, approval } = validation.data;
  if (validation.data.alreadyMember) {
    return (
      <StatusView tone="info" title={errorText("alreadyMember")}>
        <p className="join-group-name">{group.name}</p>
        <div className="row join-actions">
          <Link className="btn btn-primary" to={`/groups?highlight=${group.id}`}>
            {t("groups.goToGroup", { name: group.name })}
          </Link>
        </div>
      </StatusView>
    );
  }
  const invitedEmail = validation.data.invitedEmail;
  if (invitedEmail && invitedEmail !== viewerEmail.toLowerCase()) {
    // Only the invited address may join with an e-mailed link (403 otherwise): say so before anyone tries.
    const here = location.pathname + location.search;
    return (
      <StatusView tone="error" title={errorText("invitationNotForYou")}>
        <p className="join-group-name">{group.name}</p>
        <p>{t("sharing.notForYouText", { email: invitedEmail })}</p>
        <div className="row join-actions">
          {toDashboard}
          <Button
            onClick={() => {
              onSwitching();
              void signOut().then(() =>
                navigate(`/login?email=${encodeURIComponent(invitedEmail)}&redirect=${encodeURIComponent(here)}`),
              );
            }}
          >
            {t("sharing.signInWithInvited", { email: invitedEmail })}
          </Button>
        </div>
      </StatusView>
    );
  }
  if (asked || validation.data.requested) {
    return (
      <StatusView tone="success" title={t("sharing.askedToJoinTitle")} takeFocus={asked}>
        <p className="join-group-name">{group.name}</p>
        <p>{t("sharing.askedToJoin", { owner: inviterName })}</p>
        <div className="row join-actions">{toDashboard}</div>
      </StatusView>
    );
  }
  async function joinGroup() {
    // PRODUCT "Group rules": joining a group with rules asks to accept them first.
    if (group.rules && !acceptRules) {
      setRulesMissing(true);
      return;
    }
    try {
      const result = await join.mutateAsync({ token, acceptRules: group.rules ? acceptRules : undefined });
      if ("pending" in result) {
        setAsked(true);
        return;
      }
      cache.addGroup(result);
      void utils.invitations.pending.invalidate();
      setJoined(result);
    } catch (e) {
      setFailure(errorMessage(e, t("groups.joinFailed")));
    }
  }

  return (
    <StatusView tone="info" title={t("groups.joinPageTitle")}>
      <p>{t("groups.invitedToJoin")}</p>
      <p className="join-group-name">{group.name}</p>
      <p className="join-facts">
        {inviterName && <span>{t("groups.invitedBy", { name: inviterName })}</span>}
        {inviterName && " · "}
        <span>{t("sharing.groupMembersNow", { count: group.memberCount })}</span>
      </p>
      {group.description && <p className="join-group-description">{group.description}</p>}
      {group.rules && (
        <section className="join-group-rules" aria-labelledby="join-rules-title">
          <h2 id="join-rules-title">{t("sharing.groupRulesTitle")}</h2>
          <p className="group-rules-text">{group.rules}</p>
          <RulesConsent id="join-accept-rules" checked={acceptRules} missing={rulesMissing} onChange={setAcceptRules} />
        </section>
      )}
      <p>{approval ? t("sharing.approvalExplain", { owner: inviterName }) : t("groups.joinExplain")}</p>
      {/* An open link brings in people the members do not know: say what they will see (issue 43 §3). */}
      {!invitedEmail && !viewerEmailHidden && (
        <p className="join-email-shown">
          {t("sharing.linkEmailShown", { email: viewerEmail })} <Link to="/profile">{t("common.navProfile")}</Link>
        </p>
      )}
      <div className="row join-actions">
        <Button variant="secondary" onClick={() => navigate("/")} disabled={join.isPending}>
          {t("groups.notNow")}
        </Button>
        <Button needsNetwork onClick={() => void joinGroup()} busy={join.isPending}>
          {approval ? t("sharing.askToJoin") : t("groups.joinGroup")}
        </Button>
      </div>
    </StatusView>
  );
}
