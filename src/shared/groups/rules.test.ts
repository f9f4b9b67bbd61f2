import { describe, expect, it } from "vitest";
import { contactAddError } from "../contacts.ts";
import { addDays } from "../validation.ts";
import {
  canConfirm,
  canRemove,
  canRemoveContact,
  defaultPeriod,
  eventLocations,
  newAvailability,
  sortByName,
  statusLabelId,
  volunteerEmailTaken,
} from "./rules.ts";
import { NO_SPORT, OTHER_SPORT, SPORT_IDS, sportLabelId } from "./sports.ts";

describe("availability defaults", () => {
  it("runs from today until tomorrow by the Stockholm calendar", () => {
    expect(defaultPeriod(new Date("2030-05-10T09:00:00Z"))).toEqual({ startDate: "2030-05-10", endDate: "2030-05-11" });
  });

  it("already counts the next day in Stockholm when it is still the day before in UTC", () => {
    // 23:30 UTC on 31 Dec is 00:30 on 1 Jan in Stockholm (UTC+1 in winter).
    expect(defaultPeriod(new Date("2030-12-31T23:30:00Z"))).toEqual({ startDate: "2031-01-01", endDate: "2031-01-02" });
    // 22:30 UTC in June is 00:30 the next day in summer time (UTC+2).
    expect(defaultPeriod(new Date("2030-06-14T22:30:00Z"))).toEqual({ startDate: "2030-06-15", endDate: "2030-06-16" });
  });

  it("crosses month and leap-day boundaries", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2030-12-31", 1)).toBe("2031-01-01");
  });

  it("makes a new availability a PERIOD with the defaults", () => {
    expect(newAvailability(new Date("2030-05-10T09:00:00Z"), "0180")).toEqual({
      type: "PERIOD",
      startDate: "2030-05-10",
      endDate: "2030-05-11",
      eventId: null,
      location: "0180",
    });
  });
});

describe("status", () => {
  it("labels the statuses and anything else as unknown", () => {
    expect(statusLabelId("CONFIRMED")).toBe("groups.status.CONFIRMED");
    expect(statusLabelId("DRAFT")).toBe("groups.status.DRAFT");
    expect(statusLabelId("HISTORIC")).toBe("groups.status.HISTORIC");
    expect(statusLabelId("WHATEVER")).toBe("groups.status.unknown");
  });

  it("confirms only a DRAFT group", () => {
    expect(canConfirm("DRAFT")).toBe(true);
    expect(canConfirm("CONFIRMED")).toBe(false);
    expect(canConfirm("HISTORIC")).toBe(false);
  });
});

describe("contacts", () => {
  const contacts = [{ email: "a@example.se" }, { email: "b@example.se" }];

  it("lets a contact remove anyone, themselves included, while another remains", () => {
    expect(canRemoveContact(contacts, "a@example.se")).toBe(true);
    expect(canRemoveContact(contacts, "B@example.se")).toBe(true);
  });

  it("never removes the last contact", () => {
    expect(canRemoveContact([{ email: "a@example.se" }], "a@example.se")).toBe(false);
    expect(canRemoveContact([...contacts.slice(0, 1), { email: "b@example.se", toBeDeleted: true }], "a@example.se")).toBe(false);
  });

  it("checks an added address: empty, then already listed", () => {
    expect(contactAddError(contacts, "  ")).toBe("empty");
    expect(contactAddError(contacts, " A@Example.se ")).toBe("exists");
    expect(contactAddError([{ email: "a@example.se", toBeDeleted: true }], "a@example.se")).toBeNull();
    expect(contactAddError(contacts, "c@example.se")).toBeNull();
  });
});

describe("volunteers", () => {
  const volunteers = [
    { id: "1", email: "kim@example.se" },
    { id: "2", email: "ali@example.se" },
  ];
  it("finds an e-mail taken by another volunteer, case-insensitively", () => {
    expect(volunteerEmailTaken(volunteers, "KIM@example.se")).toBe(true);
    expect(volunteerEmailTaken(volunteers, "new@example.se")).toBe(false);
  });
  it("does not count the volunteer being edited", () => {
    expect(volunteerEmailTaken(volunteers, "kim@example.se", "1")).toBe(false);
    expect(volunteerEmailTaken(volunteers, "kim@example.se", "2")).toBe(true);
  });
});

describe("lists", () => {
  it("sorts groups by name in Swedish order", () => {
    const names = sortByName([{ name: "Örebro SK" }, { name: "alby IF" }, { name: "Åby BK" }, { name: "Zinkens IF" }]).map(
      (g) => g.name,
    );
    expect(names).toEqual(["alby IF", "Zinkens IF", "Åby BK", "Örebro SK"]);
  });

  it("narrows an event's locations to its stations' municipalities, once each", () => {
    expect(eventLocations([{ municipality: "0180" }, { municipality: "1480" }, { municipality: "0180" }, {}])).toEqual([
      "0180",
      "1480",
    ]);
  });
});

describe("removal, new availabilities and sports", () => {
  it("removes only a DRAFT group", () => {
    expect(canRemove("DRAFT")).toBe(true);
    expect(canRemove("CONFIRMED")).toBe(false);
    expect(canRemove("HISTORIC")).toBe(false);
  });

  it("leaves a new availability's place empty unless one is given", () => {
    expect(newAvailability(new Date("2030-05-10T09:00:00Z")).location).toBe("");
  });

  it("numbers the sports 0 (none) to 68 (any other), each with its label id", () => {
    expect(SPORT_IDS).toHaveLength(69);
    expect(SPORT_IDS[0]).toBe(NO_SPORT);
    expect(SPORT_IDS[68]).toBe(OTHER_SPORT);
    expect(SPORT_IDS[26]).toBe(26);
    expect(sportLabelId(26)).toBe("groups.sports.26");
  });
});
