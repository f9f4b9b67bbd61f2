export { invoicePath, useFees } from "./api.ts";
export { FeesTab } from "./fees-tab.tsx";
export { Invoice } from "./invoice.tsx";
