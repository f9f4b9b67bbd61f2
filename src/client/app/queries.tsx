import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";

/**
 * Server state (TanStack Query) belongs to the signed-in areas; public pages show fixed texts and do
 * without it, so it loads with the first page that needs it (ADR 011). One client for the whole visit:
 * every page shares its cache.
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** The page inside the query provider. */
export function withQueries(Page: ComponentType): ComponentType {
  return function WithQueries() {
    return (
      <QueryClientProvider client={queryClient}>
        <Page />
      </QueryClientProvider>
    );
  };
}
