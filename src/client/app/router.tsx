import { createBrowserRouter, type RouteObject } from "react-router";
import { loadArea } from "./i18n.ts";
import { Layout } from "./shell/layout.tsx";
import { NotFound } from "./shell/not-found.tsx";

type PageModule = () => Promise<{ default: React.ComponentType }>;

/**
 * Every page is its own chunk, so the public pages do not carry my-pages code, maps or date pickers.
 * Pages outside the public ones also get the server-state layer (queries.tsx), loaded beside them.
 */
type Area = "groups" | "events" | "offers" | "sendouts" | "attendance" | "teamleader" | "registration" | "checkin";
const page = (load: PageModule, areas: Area[] = []): Pick<RouteObject, "lazy"> => ({
  lazy: async () => {
    const [module, queries] = await Promise.all([load(), import("./queries.tsx"), ...areas.map(loadArea)]);
    return { Component: queries.withQueries(module.default) };
  },
});

/** A public page also waits for the public texts, which are not part of the first bundle. */
const publicPage = (load: PageModule): Pick<RouteObject, "lazy"> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), loadArea("public")]);
    return { Component: module.default };
  },
});

/**
 * A page reached through a link, often on a phone and by someone who never signed in: it waits for its
 * texts, and keeps its few reads itself, without the server-state layer.
 */
const linkPage = (load: PageModule, areas: Area[]): Pick<RouteObject, "lazy"> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), ...areas.map(loadArea)]);
    return { Component: module.default };
  },
});

/** A volunteer-area page also waits for the group and offer texts (and the pay statement's), which only my-pages need. */
const groupsPage = (load: PageModule) => page(load, ["groups", "offers", "attendance"]);

/** The engagement page also shows the station's pay terms, diets and map in the event area's words. */
const engagementPage = (load: PageModule) => page(load, ["groups", "events", "offers"]);

/** An organizer page also waits for the event and offer texts, which only my-pages need. */
const eventsPage = (load: PageModule) => page(load, ["events", "offers"]);

/**
 * The event page (its contacts' and a team leader's) also shows send-outs, attendance, pay and the roster;
 * the pay names how each group is paid in the group area's words.
 */
const eventPage = (load: PageModule) =>
  page(load, ["events", "offers", "sendouts", "attendance", "teamleader", "checkin", "groups"]);

const checkinPage = page(() => import("../routes/event-day/checkin.tsx"), ["checkin"]);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, ...publicPage(() => import("../routes/public/home.tsx")) },
      { path: "how-it-works-volunteer", ...publicPage(() => import("../routes/public/how-it-works-volunteer.tsx")) },
      { path: "how-it-works-organizer", ...publicPage(() => import("../routes/public/how-it-works-organizer.tsx")) },
      { path: "faq", ...publicPage(() => import("../routes/public/faq.tsx")) },
      { path: "about", ...publicPage(() => import("../routes/public/about.tsx")) },
      { path: "privacy-policy", ...publicPage(() => import("../routes/public/privacy-policy.tsx")) },
      { path: "contact", ...publicPage(() => import("../routes/public/contact.tsx")) },
      { path: "terms", ...publicPage(() => import("../routes/public/terms.tsx")) },
      // The link in the "you were added as a contact person" mail (CONTACT_REMOVAL_PATH).
      { path: "contact-removal", ...publicPage(() => import("../routes/public/contact-removal.tsx")) },
      // A group's sign-up link, and the links in the mails to volunteers and their guardians (ADR 022).
      {
        path: "self-registration/:groupName/:eventId/:hash",
        ...linkPage(() => import("../routes/self-registration/self-registration-page.tsx"), ["registration"]),
      },
      {
        path: "guardian-consent",
        ...linkPage(() => import("../routes/self-registration/guardian-consent.tsx"), ["registration"]),
      },
      {
        path: "volunteer-removal",
        ...linkPage(() => import("../routes/self-registration/volunteer-removal.tsx"), ["registration"]),
      },

      // A volunteer's pass, opened from their mail (issue 23).
      { path: "pass/:token", ...linkPage(() => import("../routes/event-day/pass.tsx"), ["checkin"]) },

      { path: "login", ...page(() => import("../routes/account/login.tsx")) },
      { path: "register", ...page(() => import("../routes/account/register.tsx")) },
      { path: "verify-email", ...page(() => import("../routes/account/verify-email.tsx")) },
      { path: "forgot-password", ...page(() => import("../routes/account/forgot-password.tsx")) },
      { path: "change-password", ...page(() => import("../routes/account/change-password.tsx")) },
      { path: "profile", ...page(() => import("../routes/account/profile.tsx")) },
      { path: "logout", ...page(() => import("../routes/account/logout.tsx")) },

      { path: "my-pages", ...page(() => import("../routes/my-pages/home-redirect.tsx")) },
      { path: "my-pages/events", ...eventsPage(() => import("../routes/my-pages/events-area.tsx")) },
      { path: "my-pages/events/new", ...eventsPage(() => import("../routes/organizer/new-event.tsx")) },
      { path: "my-pages/events/copy", ...eventsPage(() => import("../routes/organizer/copy-event.tsx")) },
      // The check-in page at the station (issue 23): the organizer's and the team leader's.
      { path: "my-pages/events/:id/checkin/:stationId", ...checkinPage },
      { path: "my-pages/teamleaders/:id/checkin/:stationId", ...checkinPage },
      // An invoice of the event's fees, printable (issue 25).
      {
        path: "my-pages/events/:id/invoices/:number",
        ...page(() => import("../routes/organizer/invoice-page.tsx"), ["attendance"]),
      },
      { path: "my-pages/events/:id/*", ...eventPage(() => import("../routes/organizer/event-page.tsx")) },
      {
        path: "my-pages/teamleaders",
        ...page(() => import("../routes/my-pages/teamleaders-area.tsx"), ["events", "teamleader"]),
      },
      { path: "my-pages/teamleaders/:id/*", ...eventPage(() => import("../routes/organizer/event-page.tsx")) },
      { path: "my-pages/volunteers", ...groupsPage(() => import("../routes/my-pages/volunteers-area.tsx")) },
      { path: "my-pages/volunteers/new", ...groupsPage(() => import("../routes/group/group-new.tsx")) },
      {
        path: "my-pages/volunteers/engagement/:eventId/:groupId/:stationId",
        ...engagementPage(() => import("../routes/group/engagement-page.tsx")),
      },
      {
        path: "my-pages/volunteers/:id/passes/:eventId",
        ...page(() => import("../routes/group/group-passes.tsx"), ["groups", "checkin"]),
      },
      { path: "my-pages/volunteers/:id/*", ...groupsPage(() => import("../routes/group/group-page.tsx")) },

      { path: "*", element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
