import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { ApiError, api } from "../../app/api.ts";
import { retryOurFailure } from "./link-errors.ts";

/**
 * A page behind a link in a mail to a volunteer or their guardian (`?token=…`): what the link is about,
 * asked before anything is done (`{path}/preview`), and the one thing it does (`{path}`). The signed token
 * is the only authority; a missing one is as dead as a forged one.
 */
export function useMailLink<Preview>(path: string) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const preview = useQuery({
    queryKey: ["mail-link", path, token],
    queryFn: () =>
      token ? api<Preview>("POST", `${path}/preview`, { token }) : Promise.reject(new ApiError(404, "LinkInvalid")),
    retry: retryOurFailure,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const action = useMutation({ mutationFn: () => api<void>("POST", path, { token }) });
  return { preview, action };
}
