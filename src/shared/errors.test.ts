import { describe, expect, it } from "vitest";
import { isErrorBody } from "./errors.ts";

describe("error bodies (API.md)", () => {
  it("are recognised by their code", () => {
    expect(isErrorBody({ code: "NotFound", message: "" })).toBe(true);
    expect(isErrorBody({ code: 404 })).toBe(false);
    expect(isErrorBody({ message: "oops" })).toBe(false);
    expect(isErrorBody(null)).toBe(false);
    expect(isErrorBody("NotFound")).toBe(false);
    expect(isErrorBody(undefined)).toBe(false);
  });
});
