export { AttendanceTab } from "./attendance-tab.tsx";
export { GroupPayout } from "./group-payout.tsx";
export { PayoutTab } from "./payout-tab.tsx";
