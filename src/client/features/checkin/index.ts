export { CheckinPage } from "./checkin-page.tsx";
export { TodayTab } from "./today-tab.tsx";
