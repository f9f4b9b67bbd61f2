import { describe, expect, it } from "vitest";
import type { OfferStatus } from "./offers/schema.ts";
import { type FoodOption, type RosterOffer, roster, type ShirtSize } from "./roster.ts";

const event = { included: ["CLOTHES", "FOOD"], shirtSizes: ["S", "M", "L"], foodOptions: ["VEGAN", "GLUTEN_FREE"] };
const stations = [
  { id: "s1", name: "Entrén", officialQuantity: 6 },
  { id: "s2", name: "Vätska", officialQuantity: 4 },
];

const person = (name: string, shirtSize: ShirtSize | null = "M", specialDiets: FoodOption[] = []) => ({
  name,
  shirtSize,
  specialDiets,
});

function offer(
  stationId: string,
  groupName: string,
  volunteers: number,
  attendees?: ReturnType<typeof person>[],
  status: OfferStatus = "ACCEPTED",
): RosterOffer {
  return { stationId, groupId: `g-${groupName}`, groupName, status, volunteers, group: attendees ? { attendees } : {} };
}

describe("roster", () => {
  it("counts per station the volunteers promised by accepted offers and those named, groups by name", () => {
    const r = roster(event, stations, [
      offer("s1", "Östra IF", 3, [person("Kim"), person("Ali")]),
      offer("s1", "Alby BK", 2, [person("Sam"), person("Eva")]),
      offer("s1", "Väntar IK", 5, [], "PROPOSAL"),
      offer("s1", "Utkast SK", 5, [], "DRAFT"),
      offer("s1", "Nej tack", 5, [], "REJECTED"),
      offer("s2", "Alby BK", 4, [person("Bo")]),
    ]);
    expect(r.stations.map((s) => [s.name, s.needed, s.promised, s.named])).toEqual([
      ["Entrén", 6, 5, 4],
      ["Vätska", 4, 4, 1],
    ]);
    expect(r.stations[0].groups.map((g) => [g.groupName, g.promised, g.named])).toEqual([
      ["Alby BK", 2, 2],
      ["Östra IF", 3, 2],
    ]);
    expect([r.promised, r.named, r.namesShown]).toEqual([9, 5, true]);
  });

  it("lists a station without accepted offers with nothing promised", () => {
    const r = roster(event, stations, [offer("s1", "Alby BK", 2, [person("Sam")])]);
    expect(r.stations[1]).toMatchObject({ name: "Vätska", promised: 0, named: 0, groups: [], withoutShirtSize: 0 });
  });

  it("totals shirts per size, each offered size also at zero, then sizes no longer offered, in size order", () => {
    const r = roster(event, stations, [
      offer("s1", "Alby BK", 4, [person("A", "L"), person("B", "M"), person("C", "L"), person("D", "XL")]),
      offer("s2", "Östra IF", 2, [person("E", "M"), person("F", "XS")]),
    ]);
    expect(r.stations[0].shirts).toEqual([
      { key: "S", count: 0 },
      { key: "M", count: 1 },
      { key: "L", count: 2 },
      { key: "XL", count: 1 },
    ]);
    expect(r.shirts).toEqual([
      { key: "XS", count: 1 },
      { key: "S", count: 0 },
      { key: "M", count: 2 },
      { key: "L", count: 2 },
      { key: "XL", count: 1 },
    ]);
  });

  it("names the groups whose named volunteers lack a shirt size while the event offers shirts", () => {
    const offers = [
      offer("s1", "Alby BK", 3, [person("Kim", null), person("Ali", "S"), person("Sam", null)]),
      offer("s2", "Östra IF", 1, [person("Bo", "M")]),
    ];
    const r = roster(event, stations, offers);
    expect(r.withoutShirtSize).toBe(2);
    expect(r.stations.map((s) => s.withoutShirtSize)).toEqual([2, 0]);
    expect(r.missingSizes).toEqual([
      {
        groupId: "g-Alby BK",
        groupName: "Alby BK",
        promised: 3,
        named: 3,
        withoutShirtSize: ["Kim", "Sam"],
        stationId: "s1",
        stationName: "Entrén",
      },
    ]);
    // An event without shirts asks for no size: nobody lacks one, and there are no shirts to count.
    const noShirts = roster({ ...event, included: ["FOOD"] }, stations, offers);
    expect([noShirts.asksShirtSize, noShirts.withoutShirtSize, noShirts.missingSizes, noShirts.shirts]).toEqual([
      false,
      0,
      [],
      [],
    ]);
    // Clothes without sizes to choose from ask for none either.
    expect(roster({ ...event, shirtSizes: [] }, stations, offers).asksShirtSize).toBe(false);
  });

  it("totals each special diet the event offers, per station and across the event, only when it offers food", () => {
    const offers = [
      offer("s1", "Alby BK", 2, [person("Kim", "M", ["VEGAN", "GLUTEN_FREE"]), person("Ali", "M", ["VEGAN"])]),
      offer("s2", "Östra IF", 2, [person("Bo", "M", ["LACTOSE_FREE"]), person("Eva")]),
    ];
    const r = roster(event, stations, offers);
    expect(r.stations[0].diets).toEqual([
      { key: "GLUTEN_FREE", count: 1 },
      { key: "VEGAN", count: 1 + 1 },
    ]);
    expect(r.diets).toEqual([
      { key: "GLUTEN_FREE", count: 1 },
      { key: "LACTOSE_FREE", count: 1 },
      { key: "VEGAN", count: 2 },
    ]);
    const noFood = roster({ ...event, included: ["CLOTHES"] }, stations, offers);
    expect([noFood.asksDiets, noFood.diets]).toEqual([false, []]);
  });

  it("says so when the named volunteers are not shown (a finished event), instead of counting none", () => {
    const r = roster(event, stations, [offer("s1", "Alby BK", 3), offer("s2", "Östra IF", 2, [person("Bo")])]);
    expect(r.namesShown).toBe(false);
    expect(r.named).toBeNull();
    expect(r.stations.map((s) => s.named)).toEqual([null, 1]);
    expect(r.stations[0].groups[0]).toMatchObject({ promised: 3, named: null, withoutShirtSize: [] });
    expect(r.promised).toBe(5);
  });

  it("leaves out the offers of stations it is not given (a team leader's sheet of one station)", () => {
    const r = roster(
      event,
      [stations[1]],
      [offer("s1", "Alby BK", 3, [person("Kim", "S")]), offer("s2", "Östra IF", 2, [person("Bo", "L")])],
    );
    expect(r.stations.map((s) => s.name)).toEqual(["Vätska"]);
    expect([r.promised, r.named]).toEqual([2, 1]);
    expect(r.shirts.find((t) => t.key === "S")?.count).toBe(0);
  });
});

describe("roster order", () => {
  it("lists a station's groups by name in Swedish order", () => {
    const r = roster(event, stations, [
      offer("s1", "Östra IF", 1, []),
      offer("s1", "Zinkens IF", 1, []),
      offer("s1", "Alby BK", 1, []),
    ]);
    expect(r.stations[0].groups.map((g) => g.groupName)).toEqual(["Alby BK", "Zinkens IF", "Östra IF"]);
  });
});
