export { RosterTab } from "./roster-tab.tsx";
export { SheetLink } from "./sheet-link.tsx";
export { StationSheet } from "./station-sheet.tsx";
