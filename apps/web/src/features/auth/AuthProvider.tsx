import { useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { trpc, type CurrentUser, type RouterInputs, type RouterOutputs } from "../../lib/trpc";

interface AuthState {
  user: CurrentUser | null;
  loading: boolean;
  signIn(input: RouterInputs["auth"]["signIn"]): Promise<RouterOutputs["auth"]["signIn"]>;
  signUp(input: RouterInputs["auth"]["signUp"]): Promise<RouterOutputs["auth"]["signUp"]>;
  signOut(): Promise<void>;
  /** Replaces the user after a profile update, a verification or a reset (SPEC §4 Auth state). */
  setUser(user: CurrentUser | null): void;
  /** True right after a deliberate sign-out: guards send the person to plain /login, not back to the page. */
  signedOut: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

/** The current user comes from the server (the session cookie is HttpOnly); loaded once at start. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = trpc.user.me.useQuery(undefined, { staleTime: 60_000, retry: false });
  const signInMutation = trpc.auth.signIn.useMutation();
  const signUpMutation = trpc.auth.signUp.useMutation();
  const signOutMutation = trpc.auth.signOut.useMutation();
  const meKey = getQueryKey(trpc.user.me, undefined, "query");

  const [signedOut, setSignedOut] = useState(false);
  const setUser = useCallback(
    (user: CurrentUser | null) => {
      if (user) setSignedOut(false);
      queryClient.setQueryData(meKey, user);
    },
    [queryClient, meKey],
  );

  const value = useMemo<AuthState>(
    () => ({
      // A failed current-user load means nobody is signed in.
      user: me.isError ? null : (me.data ?? null),
      loading: me.isLoading,
      async signIn(input) {
        const result = await signInMutation.mutateAsync(input);
        setSignedOut(false);
        queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(meKey) });
        setUser(result.user);
        return result;
      },
      async signUp(input) {
        const result = await signUpMutation.mutateAsync(input);
        if (result.session) setUser(result.user);
        return result;
      },
      async signOut() {
        try {
          await signOutMutation.mutateAsync();
        } finally {
          setSignedOut(true);
          queryClient.clear();
          setUser(null);
        }
      },
      setUser,
      signedOut,
    }),
    [me.data, me.isError, me.isLoading, signInMutation, signUpMutation, signOutMutation, queryClient, setUser, meKey, signedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used inside AuthProvider");
  return state;
}
