import { describe, expect, it } from "vitest";
import { canEdit, labelOfStatus } from "./status.ts";

describe("the life cycle", () => {
  it("keeps a HISTORIC event or group as it was, and lets the others change", () => {
    expect(canEdit("DRAFT")).toBe(true);
    expect(canEdit("CONFIRMED")).toBe(true);
    expect(canEdit("HISTORIC")).toBe(false);
  });

  it("labels a status under its prefix, anything else as unknown", () => {
    expect(labelOfStatus("HISTORIC", "events.status")).toBe("events.status.HISTORIC");
    expect(labelOfStatus("historic", "events.status")).toBe("events.status.unknown");
  });
});
