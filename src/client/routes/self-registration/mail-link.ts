import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, api } from "../../app/api.ts";

/**
 * The pages reached through a link read one thing and do at most one thing, so they keep their state
 * themselves rather than load the query layer: on a phone opening a link, that is code it need not fetch.
 */

/** One read, started on mount and again by `refetch` (a retry after a failure of ours). */
export function useRead<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: unknown; pending: boolean }>({ pending: true });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` reads; a new round reads again
  useEffect(() => {
    let live = true;
    setState({ pending: true });
    load().then(
      (data) => live && setState({ data, pending: false }),
      (error: unknown) => live && setState({ error, pending: false }),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  return {
    data: state.data,
    error: state.error,
    isPending: state.pending,
    isError: !state.pending && state.error !== undefined,
    refetch: useCallback(() => setRound((r) => r + 1), []),
  };
}

/** The one thing a page does, with its state: pending, failed (and why) or done. */
export function useAction(run: () => Promise<unknown>) {
  const [state, setState] = useState<{ pending: boolean; error?: unknown; done: boolean }>({ pending: false, done: false });
  const mutate = () => {
    if (state.pending) return;
    setState({ pending: true, done: false });
    run().then(
      () => setState({ pending: false, done: true }),
      (error: unknown) => setState({ pending: false, error, done: false }),
    );
  };
  return { mutate, isPending: state.pending, isSuccess: state.done, isError: state.error !== undefined, error: state.error };
}

/**
 * A page behind a link in a mail to a volunteer or their guardian (`?token=…`): what the link is about,
 * asked before anything is done (`{path}/preview`), and the one thing it does (`{path}`). The signed token
 * is the only authority; a missing one is as dead as a forged one.
 */
export function useMailLink<Preview>(path: string) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const preview = useRead(
    () => (token ? api<Preview>("POST", `${path}/preview`, { token }) : Promise.reject(new ApiError(404, "LinkInvalid"))),
    `${path}?${token}`,
  );
  const action = useAction(() => api<void>("POST", path, { token }));
  return { preview, action };
}
