export { RosterTab } from "./roster-tab.tsx";
export { StationSheet } from "./station-sheet.tsx";
