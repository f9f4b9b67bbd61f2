/**
 * The pages reached through a link rather than through the site: a group's sign-up link, and the links in
 * the mails to volunteers, their guardians and added contact persons. Their visitors are often signed out
 * and new to the site, so these pages open in the browser's language (ADR 027). Kept apart from the
 * schemas, so the first page load can ask whether it is one of them.
 */

/** A group's sign-up link: `/self-registration/{groupName}/{eventId}/{hash}` (spec 01 §2). */
export const SELF_REGISTRATION_PATH = "/self-registration";
/** The page behind the link in the mail to a minor's guardian. */
export const GUARDIAN_CONSENT_PATH = "/guardian-consent";
/** The page behind the link in every mail a volunteer gets, which removes them from the group. */
export const VOLUNTEER_REMOVAL_PATH = "/volunteer-removal";
/** The public page behind the link in the "you were added as a contact person" mail. */
export const CONTACT_REMOVAL_PATH = "/contact-removal";

/** A volunteer's pass, `/pass/{token}`, mailed when they are named (issue 23). */
export const PASS_PATH = "/pass";

const LINK_PAGES = [SELF_REGISTRATION_PATH, GUARDIAN_CONSENT_PATH, VOLUNTEER_REMOVAL_PATH, CONTACT_REMOVAL_PATH, PASS_PATH];

/** Whether `pathname` is one of the pages reached through a link. */
export const isLinkPage = (pathname: string) => LINK_PAGES.some((path) => pathname === path || pathname.startsWith(`${path}/`));
