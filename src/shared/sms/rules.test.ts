import { describe, expect, it } from "vitest";
import { dayBeforeAt, morningAt, readReply, senderNumber, textableNumber } from "./rules.ts";

describe("textableNumber", () => {
  it("takes Swedish mobile numbers however they are written, in E.164", () => {
    expect(textableNumber("+46701234567")).toBe("+46701234567");
    expect(textableNumber("070-123 45 67")).toBe("+46701234567");
    expect(textableNumber("0046 73 123 45 67")).toBe("+46731234567");
    expect(textableNumber("0761234567")).toBe("+46761234567");
  });
  it("reads Swedish numbers as the phone plan does: 070, 072, 073, 076, 078 and 079 are mobile", () => {
    const mobile = ["0", "2", "3", "6", "8", "9"];
    for (let d = 0; d < 10; d++)
      expect(textableNumber(`+467${d}1234567`), `07${d}`).toBe(mobile.includes(String(d)) ? `+467${d}1234567` : null);
    expect(textableNumber("+46701234")).toBeNull();
    expect(textableNumber("+467012345678")).toBeNull();
  });
  it("leaves landlines, short and broken numbers", () => {
    expect(textableNumber("046-123 45 67")).toBeNull();
    expect(textableNumber("08-123 456 78")).toBeNull();
    expect(textableNumber("+4671234567")).toBeNull();
    expect(textableNumber("112")).toBeNull();
    expect(textableNumber("")).toBeNull();
    expect(textableNumber("not a number")).toBeNull();
  });
  it("takes other countries' mobiles, and numbers whose plan cannot tell", () => {
    expect(textableNumber("+4741234567")).toBe("+4741234567");
    expect(textableNumber("+358401234567")).toBe("+358401234567");
    expect(textableNumber("+4520123456")).toBe("+4520123456");
    expect(textableNumber("+4721234567")).toBeNull();
  });
});

describe("senderNumber", () => {
  it("reads the sender as numbers are kept, and no name", () => {
    expect(senderNumber("+46701234567")).toBe("+46701234567");
    expect(senderNumber("0701234567")).toBe("+46701234567");
    expect(senderNumber("Bemanna")).toBeNull();
  });
});

describe("readReply", () => {
  it.each([
    ["ja", "yes"],
    ["JA!", "yes"],
    [" Ja tack", "yes"],
    ["Ja, jag kommer", "yes"],
    ["yes", "yes"],
    ["nej", "no"],
    ["NEJ.", "no"],
    ["kan inte", "no"],
    ["Kan inte, sjuk", "no"],
    ["Nej tyvärr", "no"],
    ["STOPP", "stop"],
    ["stop", "stop"],
    ["Stopp!", "stop"],
    ["Jag blir sen", "other"],
    ["Januari?", "other"],
    ["Nejlikor", "other"],
    ["", "other"],
    ["👍", "other"],
  ] as const)("%j is %s", (message, reading) => {
    expect(readReply(message)).toBe(reading);
  });
});

describe("when the scheduler texts", () => {
  it("reminds at 18:00 Stockholm time the evening before the station's day, in summer and winter", () => {
    expect(dayBeforeAt("2027-05-16T06:00:00Z").toISOString()).toBe("2027-05-15T16:00:00.000Z");
    expect(dayBeforeAt("2027-01-10T07:00:00Z").toISOString()).toBe("2027-01-09T17:00:00.000Z");
    // Just after midnight in Stockholm is already the next day there.
    expect(dayBeforeAt("2027-05-15T22:30:00Z").toISOString()).toBe("2027-05-15T16:00:00.000Z");
  });
  it("texts the team leader at 06:00 on the day, or an hour before an earlier start", () => {
    expect(morningAt("2027-05-16T06:00:00Z").toISOString()).toBe("2027-05-16T04:00:00.000Z");
    expect(morningAt("2027-05-16T04:30:00Z").toISOString()).toBe("2027-05-16T03:30:00.000Z");
    expect(morningAt("2027-05-16T05:00:00Z").toISOString()).toBe("2027-05-16T04:00:00.000Z");
  });
});
