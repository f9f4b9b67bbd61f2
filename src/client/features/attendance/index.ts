export { AttendanceTab } from "./attendance-tab.tsx";
export { PayoutTab } from "./payout-tab.tsx";
