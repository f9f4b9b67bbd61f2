import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { Language, Profile, SignInResult, SignInSuccess } from "#shared/account/constants";
import { api, lastRefresh, onSessionEnded, refreshSession, setAccessToken } from "./api.ts";
import { setLanguage, takeChosenLanguage } from "./i18n.ts";

/** Keeps `language` on the signed-in account, so its mail comes in the language its person reads the app in. */
export const keepLanguage = (user: Profile, language: Language) =>
  api<Profile>("PUT", "/auth/me", { firstName: user.firstName, lastName: user.lastName, phone: user.phone, language });

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
  /**
   * Restores the session through the refresh cookie, as a reload does: for a page that opened with no
   * connection (the check-in page) once the connection is back. True when signed in afterwards.
   */
  restoreSession(): Promise<boolean>;
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

  /**
   * A language chosen on the pages before signing in wins over the account's and is kept on the account:
   * the person sees the page they were on go on in the language they picked. Without a choice, the app
   * takes the account's language.
   */
  const accept = useCallback((success: SignInSuccess) => {
    setAccessToken(success.accessToken);
    const chosen = takeChosenLanguage();
    const user = chosen ? { ...success.user, language: chosen } : success.user;
    setLanguage(user.language);
    setState({ ...signedOut, status: "LOGGED_IN", user });
    if (chosen && chosen !== success.user.language)
      keepLanguage(success.user, chosen)
        .then((saved) => setState((s) => (s.user?.email === saved.email ? { ...s, user: saved } : s)))
        .catch(() => {});
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

  const restoreSession = useCallback(async () => {
    const ok = await refreshSession().catch(() => false);
    if (ok) accept(lastRefresh as SignInSuccess);
    return ok;
  }, [accept]);

  const value = useMemo(
    () => ({ ...state, signIn, completeNewPassword, signOut, setUser, setRegistrationEmail, restoreSession }),
    [state, signIn, completeNewPassword, signOut, setUser, setRegistrationEmail, restoreSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth outside AuthProvider");
  return auth;
}
