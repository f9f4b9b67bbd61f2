import { describe, expect, it } from "vitest";
import { isLinkPage } from "./link-pages.ts";
import { selfRegistrationPath } from "./registration/rules.ts";

describe("the pages reached through a link", () => {
  it("are the sign-up link's page and the pages behind the mails' links", () => {
    expect(isLinkPage(selfRegistrationPath("Lunds BK", "e1", "h1"))).toBe(true);
    for (const path of ["/guardian-consent", "/volunteer-removal", "/contact-removal", "/pass/abc"])
      expect(isLinkPage(path)).toBe(true);
  });

  it("are no other page, nor one whose name only starts like theirs", () => {
    for (const path of [
      "/",
      "/login",
      "/privacy-policy",
      "/my-pages/events",
      "/self-registrations",
      "/guardian-consents",
      "/x/guardian-consent",
    ])
      expect(isLinkPage(path)).toBe(false);
  });
});
