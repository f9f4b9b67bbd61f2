import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { Profile, SignInResult, SignInSuccess } from "#shared/account/constants";
import { api, lastRefresh, onSessionEnded, refreshSession, setAccessToken } from "./api.ts";
import { setLanguage } from "./i18n.ts";

/** Spec 01 §4 auth statuses that the whole app needs; pages keep their own transient ones. */
export type AuthStatus = "PENDING" | "NOT_LOGGED_IN" | "LOGGED_IN" | "NEW_PASSWORD_REQUIRED";

interface AuthState {
  status: AuthStatus;
  user: Profile | null;
  /** The e-mail of a NEW_PASSWORD_REQUIRED challenge and its session, for /change-password. */
  passwordChallengeEmail: string | null;
  challengeSession: string | null;
  /** The address just registered, prefilled on /verify-email. */
  registrationEmail: string | null;
}

interface Auth extends AuthState {
  signIn(email: string, password: string): Promise<SignInResult>;
  completeNewPassword(newPassword: string): Promise<void>;
  signOut(): Promise<void>;
  setUser(user: Profile): void;
  setRegistrationEmail(email: string | null): void;
}

const AuthContext = createContext<Auth | null>(null);

const signedOut: AuthState = {
  status: "NOT_LOGGED_IN",
  user: null,
  passwordChallengeEmail: null,
  challengeSession: null,
  registrationEmail: null,
};

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ ...signedOut, status: "PENDING" });

  const accept = useCallback((success: SignInSuccess) => {
    setAccessToken(success.accessToken);
    setLanguage(success.user.language);
    setState({ ...signedOut, status: "LOGGED_IN", user: success.user });
  }, []);

  useEffect(() => {
    onSessionEnded(() => setState(signedOut));
    // A reload restores the session through the HttpOnly refresh cookie.
    refreshSession()
      .then((ok) => (ok ? accept(lastRefresh as SignInSuccess) : setState((s) => ({ ...s, status: "NOT_LOGGED_IN" }))))
      .catch(() => setState((s) => ({ ...s, status: "NOT_LOGGED_IN" })));
  }, [accept]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const result = await api<SignInResult>("POST", "/auth/sign-in", { email, password });
      if ("challenge" in result) {
        setState({
          ...signedOut,
          status: "NEW_PASSWORD_REQUIRED",
          passwordChallengeEmail: email,
          challengeSession: result.session,
        });
      } else accept(result);
      return result;
    },
    [accept],
  );

  const completeNewPassword = useCallback(
    async (newPassword: string) => {
      const result = await api<SignInSuccess>("POST", "/auth/complete-new-password", {
        session: state.challengeSession,
        newPassword,
      });
      accept(result);
    },
    [accept, state.challengeSession],
  );

  const signOut = useCallback(async () => {
    try {
      await api("POST", "/auth/sign-out");
    } finally {
      setAccessToken(null);
      setState(signedOut);
    }
  }, []);

  const setUser = useCallback((user: Profile) => setState((s) => ({ ...s, user })), []);
  const setRegistrationEmail = useCallback(
    (registrationEmail: string | null) => setState((s) => ({ ...s, registrationEmail })),
    [],
  );

  const value = useMemo(
    () => ({ ...state, signIn, completeNewPassword, signOut, setUser, setRegistrationEmail }),
    [state, signIn, completeNewPassword, signOut, setUser, setRegistrationEmail],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth outside AuthProvider");
  return auth;
}
