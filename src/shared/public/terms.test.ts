import { describe, expect, it } from "vitest";
import { TERMS_VALID_FROM } from "./terms.ts";

describe("the terms", () => {
  it("apply from 1 September 2018", () => {
    expect(TERMS_VALID_FROM).toBe("2018-09-01");
  });
});
