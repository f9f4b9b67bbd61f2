export * from "./api.ts";
export { MatchTab } from "./components/match-tab.tsx";
export { MannedBadge, OfferStatusBadge } from "./components/offer-badges.tsx";
export { listText, reasonText } from "./reasons.ts";
