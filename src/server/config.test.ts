import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("PUBLIC_URL", () => {
  it("follows PORT when not set, so links in mail and logs name the port the server listens on", () => {
    expect(loadConfig({ PORT: "4100" }).PUBLIC_URL).toBe("http://localhost:4100");
    expect(loadConfig({ PORT: "4100", PUBLIC_URL: "" }).PUBLIC_URL).toBe("http://localhost:4100");
    expect(loadConfig({}).PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("is kept as given when set", () => {
    expect(loadConfig({ PORT: "4100", PUBLIC_URL: "https://bemanna.se" }).PUBLIC_URL).toBe("https://bemanna.se");
  });
});
