export { useLedEvents } from "./api.ts";
export { LedEvents } from "./led-events.tsx";
