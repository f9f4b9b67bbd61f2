import { describe, expect, it } from "vitest";
import { eventMsg, stationAmong, stationNameKey } from "./schema.ts";

const aStation = (name: string) => ({
  name,
  description: "Vätskekontroll",
  start: "2027-05-01T08:00",
  end: "2027-05-01T18:00",
  municipality: "0180",
  markerLocation: "Sergels torg",
  markerCoordinates: { lat: 59.33, lng: 18.06 },
  teamLeaderEmail: "",
  officialQuantity: 10,
  officialMiniumumAge: 15,
  skills: [],
  paymentType: "NOCOMPENSATION",
});

describe("station names within an event", () => {
  it("compare without case and surrounding spaces", () => {
    expect(stationNameKey("  Start och Mål ")).toBe(stationNameKey("start och mål"));
    expect(stationNameKey("A1")).not.toBe(stationNameKey("A2"));
  });

  it("refuse a name another station of the event has, and accept a new one", () => {
    const schema = stationAmong(["Entrén", "Mål"]);
    const clash = schema.safeParse(aStation(" entrén"));
    expect(clash.success).toBe(false);
    expect(clash.error?.issues.find((i) => i.path[0] === "name")?.message).toBe(eventMsg.stationNameExists);
    expect(schema.safeParse(aStation("Parkering")).success).toBe(true);
  });
});
