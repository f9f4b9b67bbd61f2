import { describe, expect, it } from "vitest";
import {
  DEFAULT_MATCH_SORT,
  matchRows,
  neighbour,
  nextSort,
  proposedVolunteers,
  sortMatchRows,
  wantsReplacement,
} from "./match.ts";

const station = (id: string, name: string, officialQuantity: number, hour = 8) => ({
  id,
  name,
  officialQuantity,
  start: `2030-06-01T${String(hour).padStart(2, "0")}:00:00+02:00`,
  end: "2030-06-01T18:00:00+02:00",
});

const stations = [station("a", "Start", 4, 9), station("b", "Mål", 12, 8), station("c", "Vätska", 6, 7)];
const offers = [
  { stationId: "b", status: "DRAFT" as const, volunteers: 3 },
  { stationId: "b", status: "PROPOSAL" as const, volunteers: 4 },
  { stationId: "b", status: "ACCEPTED" as const, volunteers: 2 },
  { stationId: "b", status: "REJECTED" as const, volunteers: 5 },
  { stationId: "a", status: "ACCEPTED" as const, volunteers: 4 },
  { stationId: "c", status: "EXPIRED" as const, volunteers: 6 },
];

describe("the matching table", () => {
  const rows = matchRows(stations, offers);

  it("counts each station's offers by status", () => {
    const b = rows.find((r) => r.station.id === "b");
    expect(b?.allocation).toEqual({ needed: 12, preliminary: 3, awaiting: 4, accepted: 2, missing: 3, manned: false });
    expect(rows.find((r) => r.station.id === "a")?.allocation.manned).toBe(true);
    expect(rows.find((r) => r.station.id === "c")).toMatchObject({ expired: 1, allocation: { missing: 6 } });
  });

  it("opens with the stations that need the most volunteers first", () => {
    expect(sortMatchRows(rows, DEFAULT_MATCH_SORT).map((r) => r.station.name)).toEqual(["Mål", "Vätska", "Start"]);
  });

  it("sorts by name A–Ö and by start time, and turns round on a second click", () => {
    const byName = nextSort(DEFAULT_MATCH_SORT, "name");
    expect(byName).toEqual({ field: "name", direction: 1 });
    expect(sortMatchRows(rows, byName).map((r) => r.station.name)).toEqual(["Mål", "Start", "Vätska"]);
    expect(sortMatchRows(rows, nextSort(byName, "name")).map((r) => r.station.name)).toEqual(["Vätska", "Start", "Mål"]);
    expect(sortMatchRows(rows, nextSort(DEFAULT_MATCH_SORT, "start")).map((r) => r.station.id)).toEqual(["c", "b", "a"]);
  });

  it("starts a count column biggest first and breaks ties by start time", () => {
    const missing = nextSort(DEFAULT_MATCH_SORT, "missing");
    expect(missing.direction).toBe(-1);
    // c misses 6, b 3, a 0.
    expect(sortMatchRows(rows, missing).map((r) => r.station.id)).toEqual(["c", "b", "a"]);
    // By how far each is staffed: c none of 6, b 2 of 12, a all 4.
    const manned = sortMatchRows(rows, { field: "manned", direction: 1 });
    expect(manned.map((r) => r.station.id)).toEqual(["c", "b", "a"]);
    expect(sortMatchRows(rows, nextSort(DEFAULT_MATCH_SORT, "manned")).map((r) => r.station.id)).toEqual(["a", "b", "c"]);
  });
});

describe("previous and next station", () => {
  it("go round at either end", () => {
    const ids = ["b", "c", "a"];
    expect(neighbour(ids, "b", 1)).toBe("c");
    expect(neighbour(ids, "a", 1)).toBe("b");
    expect(neighbour(ids, "b", -1)).toBe("a");
    expect(neighbour(["b"], "b", 1)).toBe("b");
  });
});

describe("the add-group form", () => {
  it("proposes what the station misses, at most the group's free members, at least one", () => {
    expect(proposedVolunteers(6, 20)).toBe(6);
    expect(proposedVolunteers(6, 4)).toBe(4);
    expect(proposedVolunteers(0, 4)).toBe(1);
  });

  it("suggests a replacement only where an unanswered offer left places missing", () => {
    const allocation = { needed: 6, preliminary: 0, awaiting: 0, accepted: 0, missing: 6, manned: false };
    expect(wantsReplacement({ expired: 1, allocation })).toBe(true);
    expect(wantsReplacement({ expired: 0, allocation })).toBe(false);
    expect(wantsReplacement({ expired: 1, allocation: { ...allocation, accepted: 6, missing: 0, manned: true } })).toBe(false);
  });
});

describe("the matching table's details", () => {
  const rows = matchRows(stations, offers);

  it("counts only the expired offers as expired", () => {
    expect(rows.find((r) => r.station.id === "b")?.expired).toBe(0);
  });

  it("turns a descending column round to ascending", () => {
    expect(nextSort(DEFAULT_MATCH_SORT, "needed")).toEqual({ field: "needed", direction: 1 });
    expect(sortMatchRows(rows, { field: "needed", direction: 1 }).map((r) => r.station.id)).toEqual(["a", "c", "b"]);
  });

  it("sorts by start time latest first on a second click", () => {
    expect(sortMatchRows(rows, { field: "start", direction: -1 }).map((r) => r.station.id)).toEqual(["a", "b", "c"]);
  });

  it("breaks a tie of count and start by name, in Swedish order", () => {
    const twins = matchRows([station("x", "Öster", 5, 8), station("y", "Zon", 5, 8), station("z", "Ankomst", 5, 8)], []);
    expect(sortMatchRows(twins, DEFAULT_MATCH_SORT).map((r) => r.station.name)).toEqual(["Ankomst", "Zon", "Öster"]);
  });

  it("goes back from a station not in the list to the first one", () => {
    expect(neighbour(["b", "c", "a"], "x", -1)).toBe("b");
    expect(neighbour(["b", "c", "a"], "x", 1)).toBe("b");
    expect(neighbour([], "x", 1)).toBeUndefined();
  });
});
