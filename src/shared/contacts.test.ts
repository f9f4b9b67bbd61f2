import { describe, expect, it } from "vitest";
import { shownPhone } from "./contacts.ts";

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
