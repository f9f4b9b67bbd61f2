import { describe, expect, it } from "vitest";
import {
  CONTACT_REMOVAL_PATH,
  contactPagePath,
  contactPerson,
  contactPersonView,
  leaveContactBody,
  leaveContactPreview,
  sameEmail,
  shownPhone,
} from "./contacts.ts";
import { msg } from "./validation.ts";

describe("shownPhone", () => {
  const added = { userId: "u1", phone: "+46701234567", seen: false };

  it("hides the phone of a contact who has not opened the event or group from the others", () => {
    expect(shownPhone(added, "u2")).toBe("");
    expect(shownPhone(added)).toBe("");
  });

  it("shows it once they have, and always to themselves", () => {
    expect(shownPhone({ ...added, seen: true }, "u2")).toBe("+46701234567");
    expect(shownPhone(added, "u1")).toBe("+46701234567");
  });
});

describe("contact persons", () => {
  it("are sent by e-mail, with an id, name and phone of bounded length", () => {
    const person = { id: "u1", email: " Eva@Example.se ", name: "Eva", phone: "+46701234567", toBeDeleted: true };
    expect(contactPerson.parse(person)).toEqual({ ...person, email: "eva@example.se" });
    expect(contactPerson.parse({ email: "eva@example.se" })).toEqual({ email: "eva@example.se" });
    expect(contactPerson.safeParse({ email: "eva@example.se", id: "x".repeat(65) }).success).toBe(false);
    expect(contactPerson.safeParse({ email: "eva@example.se", name: "x".repeat(501) }).success).toBe(false);
    expect(contactPerson.safeParse({ email: "eva@example.se", phone: "x".repeat(51) }).success).toBe(false);
    expect(contactPerson.safeParse({ email: "eva" }).error?.issues[0]).toMatchObject({ path: ["email"], message: msg.email });
  });

  it("are shown with their name, the phone where allowed, and whether they created the event", () => {
    const view = { id: "u1", email: "eva@example.se", name: "Eva", phone: "+46701234567", toBeDeleted: false, creator: true };
    expect(contactPersonView.parse(view)).toEqual(view);
    expect(contactPersonView.parse({ email: "eva@example.se", name: "Eva" })).toEqual({ email: "eva@example.se", name: "Eva" });
  });

  it("are the same person whatever the case and surrounding spaces of either address", () => {
    expect(sameEmail(" Eva@Example.se ", "eva@example.se")).toBe(true);
    expect(sameEmail("eva@example.se", " EVA@example.se")).toBe(true);
    expect(sameEmail("eva@example.se", "eve@example.se")).toBe(false);
  });

  it("open their event or group on its own page", () => {
    expect(contactPagePath("event", "e1")).toBe("/my-pages/events/e1");
    expect(contactPagePath("group", "g1")).toBe("/my-pages/volunteers/g1");
  });

  it("leave through the mail's link with a token of 1..2000 characters", () => {
    expect(CONTACT_REMOVAL_PATH).toBe("/contact-removal");
    expect(leaveContactBody.parse({ token: "t" })).toEqual({ token: "t" });
    expect(leaveContactBody.safeParse({ token: "t".repeat(2000) }).success).toBe(true);
    expect(leaveContactBody.safeParse({ token: "" }).success).toBe(false);
    expect(leaveContactBody.safeParse({ token: "t".repeat(2001) }).success).toBe(false);
    const preview = { kind: "group", name: "IFK P12", email: "eva@example.se", contact: true };
    expect(leaveContactPreview.parse(preview)).toEqual(preview);
  });
});
