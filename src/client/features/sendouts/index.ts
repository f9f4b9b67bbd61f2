export { SendOutsTab } from "./send-outs-tab.tsx";
