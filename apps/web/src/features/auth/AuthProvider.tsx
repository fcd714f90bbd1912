import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { trpc, type CurrentUser, type RouterInputs, type RouterOutputs } from "../../lib/trpc";
import { CURRENT_USER_KEY, CURRENT_USER_QUERY, forgetPreviousSession } from "./current-user";
import { rememberNav, rememberedNav } from "./remembered-nav";

interface AuthState {
  user: CurrentUser | null;
  loading: boolean;
  signIn(input: RouterInputs["auth"]["signIn"]): Promise<RouterOutputs["auth"]["signIn"]>;
  signUp(input: RouterInputs["auth"]["signUp"]): Promise<RouterOutputs["auth"]["signUp"]>;
  signOut(): Promise<void>;
  /** Replaces the user after a profile update, a verification or a reset. */
  setUser(user: CurrentUser | null): void;
  /** True right after a deliberate sign-out: guards send the person to plain /login, not back to the page. */
  signedOut: boolean;
  /**
   * What the navigation shows (issue 43): the signed-in user's links once known; while the app was opened
   * offline and cannot ask, the links this device last showed (remembered-nav.ts). Null: a visitor's.
   */
  nav: { isAdmin: boolean } | null;
}

const AuthContext = createContext<AuthState | null>(null);

/** The current user comes from the server (the session cookie is HttpOnly); loaded once at start. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = trpc.user.me.useQuery(undefined, CURRENT_USER_QUERY);
  const signInMutation = trpc.auth.signIn.useMutation();
  const signUpMutation = trpc.auth.signUp.useMutation();
  const signOutMutation = trpc.auth.signOut.useMutation();

  // The first answer re-renders nearly everything (every page depends on who is signed in). It comes
  // as a query-store update, which React renders in one go; the app sees it through a deferred value,
  // so React renders the page in short slices and the phone stays responsive. Later changes (sign-in,
  // sign-out) are not deferred: the page that follows must see them in the same render.
  // Pending also while paused for want of a network (opened offline): not known, so not "signed out".
  const loadingNow = me.isPending;
  const loading = useDeferredValue(loadingNow) || loadingNow;
  // A failed current-user load means nobody is signed in.
  const user = loading || me.isError ? null : (me.data ?? null);
  // The server's answer, whenever there is one, is what this device remembers for a start without a network.
  useEffect(() => {
    if (me.isSuccess) rememberNav(me.data ?? null);
  }, [me.isSuccess, me.data]);
  const waitingForNetwork = loadingNow && me.fetchStatus === "paused";
  const nav = useMemo(
    () => (user ? { isAdmin: user.isAdmin } : waitingForNetwork ? rememberedNav() : null),
    [user, waitingForNetwork],
  );
  const signInAsync = signInMutation.mutateAsync;
  const signUpAsync = signUpMutation.mutateAsync;
  const signOutAsync = signOutMutation.mutateAsync;

  const [signedOut, setSignedOut] = useState(false);
  const setUser = useCallback(
    (user: CurrentUser | null) => {
      if (user) setSignedOut(false);
      // A user.me answer still on its way was asked under the session before this one (start-up
      // asks at once): cancelled, it cannot land afterwards and undo this.
      void queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
    [queryClient],
  );

  const value = useMemo<AuthState>(
    () => ({
      user,
      loading,
      async signIn(input) {
        const result = await signInAsync(input);
        setSignedOut(false);
        forgetPreviousSession(queryClient);
        setUser(result.user);
        return result;
      },
      async signUp(input) {
        const result = await signUpAsync(input);
        if (result.session) {
          // Signed in at once (no confirmation asked, or an e-mail invitation proved the address, issue 43): a new session.
          setSignedOut(false);
          forgetPreviousSession(queryClient);
          setUser(result.user);
        }
        return result;
      },
      async signOut() {
        try {
          await signOutAsync();
        } finally {
          setSignedOut(true);
          queryClient.clear();
          setUser(null);
        }
      },
      setUser,
      signedOut,
      nav,
    }),
    // Only what the value shows or calls: a new value re-renders every page that reads it.
    [user, loading, signInAsync, signUpAsync, signOutAsync, queryClient, setUser, signedOut, nav],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used inside AuthProvider");
  return state;
}
