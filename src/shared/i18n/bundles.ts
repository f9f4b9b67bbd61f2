import enAccount from "./en/account.json" with { type: "json" };
import enCommon from "./en/common.json" with { type: "json" };
import enMyPages from "./en/my-pages.json" with { type: "json" };
import enUsers from "./en/users.json" with { type: "json" };
import svAccount from "./sv/account.json" with { type: "json" };
import svCommon from "./sv/common.json" with { type: "json" };
import svMyPages from "./sv/my-pages.json" with { type: "json" };
import svUsers from "./sv/users.json" with { type: "json" };

/**
 * The texts the browser bundles with its first page. Mail texts stay on the server, and the long public
 * page texts come with those pages (`lazyResources`), so they do not weigh on every first load. Nothing
 * here may import a lazy area statically, or the bundler folds it back into the first load.
 */
export const bundledResources = {
  sv: { ...svCommon, ...svAccount, ...svMyPages, ...svUsers },
  en: { ...enCommon, ...enAccount, ...enMyPages, ...enUsers },
} as const;

/** Areas the browser loads on demand, one language at a time, as i18next namespaces of the same name. */
export const lazyResources = {
  public: {
    sv: () => import("./sv/public.json", { with: { type: "json" } }),
    en: () => import("./en/public.json", { with: { type: "json" } }),
  },
  groups: {
    sv: () => import("./sv/groups.json", { with: { type: "json" } }),
    en: () => import("./en/groups.json", { with: { type: "json" } }),
  },
  events: {
    sv: () => import("./sv/events.json", { with: { type: "json" } }),
    en: () => import("./en/events.json", { with: { type: "json" } }),
  },
  offers: {
    sv: () => import("./sv/offers.json", { with: { type: "json" } }),
    en: () => import("./en/offers.json", { with: { type: "json" } }),
  },
  sendouts: {
    sv: () => import("./sv/sendouts.json", { with: { type: "json" } }),
    en: () => import("./en/sendouts.json", { with: { type: "json" } }),
  },
  attendance: {
    sv: () => import("./sv/attendance.json", { with: { type: "json" } }),
    en: () => import("./en/attendance.json", { with: { type: "json" } }),
  },
  teamleader: {
    sv: () => import("./sv/teamleader.json", { with: { type: "json" } }),
    en: () => import("./en/teamleader.json", { with: { type: "json" } }),
  },
  checkin: {
    sv: () => import("./sv/checkin.json", { with: { type: "json" } }),
    en: () => import("./en/checkin.json", { with: { type: "json" } }),
  },
  registration: {
    sv: () => import("./sv/registration.json", { with: { type: "json" } }),
    en: () => import("./en/registration.json", { with: { type: "json" } }),
  },
} as const;
