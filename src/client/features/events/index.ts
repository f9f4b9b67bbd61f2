export * from "./api.ts";
export { ConfirmEvent } from "./components/confirm-event.tsx";
export { EventForm, type SaveIntent } from "./components/event-form.tsx";
export { EventSummary, type StationAction, StationsSummary } from "./components/event-summary.tsx";
export { EventsTable } from "./components/events-table.tsx";
export { StationsEditor, type StationsEditorHandle } from "./components/stations-editor.tsx";
