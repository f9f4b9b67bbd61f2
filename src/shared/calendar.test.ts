import { describe, expect, it } from "vitest";
import { calendarAddress, webcalAddress } from "./calendar.ts";

describe("the calendar feed", () => {
  it("is subscribed to under the webcal: scheme, from https or http", () => {
    expect(webcalAddress("https://bemanna.se/api/calendar/abc.ics")).toBe("webcal://bemanna.se/api/calendar/abc.ics");
    expect(webcalAddress("http://localhost:3000/api/calendar/abc.ics")).toBe("webcal://localhost:3000/api/calendar/abc.ics");
    expect(webcalAddress("webcal://x/https:/a.ics")).toBe("webcal://x/https:/a.ics");
  });

  it("answers with its address", () => {
    expect(calendarAddress.parse({ url: "https://bemanna.se/a.ics" })).toEqual({ url: "https://bemanna.se/a.ics" });
  });
});
