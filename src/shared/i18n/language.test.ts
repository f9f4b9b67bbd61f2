import { describe, expect, it } from "vitest";
import { asKnownLanguage, browserLanguage, LANGUAGE_PARAM, openingLanguage, storedLanguage, withLanguage } from "./language.ts";

describe("the browser's language", () => {
  it("is English for a browser that asks for English first, in any of its variants", () => {
    expect(browserLanguage(["en"])).toBe("en");
    expect(browserLanguage(["en-GB", "sv-SE"])).toBe("en");
    expect(browserLanguage(["EN_us"])).toBe("en");
  });

  it("is Swedish for a browser that asks for Swedish, Norwegian or Danish before English", () => {
    expect(browserLanguage(["sv-SE", "en-US"])).toBe("sv");
    expect(browserLanguage(["nb-NO", "en"])).toBe("sv");
    expect(browserLanguage(["nn", "en"])).toBe("sv");
    expect(browserLanguage(["no"])).toBe("sv");
    expect(browserLanguage(["da-DK", "en"])).toBe("sv");
  });

  it("passes over languages the product does not speak to the first it does", () => {
    expect(browserLanguage(["de-DE", "en-US", "sv"])).toBe("en");
    expect(browserLanguage(["fi", "sv-FI", "en"])).toBe("sv");
  });

  it("is Swedish when the browser asks for none of them, or for nothing", () => {
    expect(browserLanguage(["de", "fr"])).toBe("sv");
    expect(browserLanguage([])).toBe("sv");
    // A tag that only starts like English is not English.
    expect(browserLanguage(["eng", "es"])).toBe("sv");
  });
});

describe("the language a page opens in", () => {
  it("is the one its link names, over the kept one and the browser's", () => {
    expect(openingLanguage({ link: "en", kept: "sv", browser: ["sv"] })).toBe("en");
    expect(openingLanguage({ link: "sv", kept: "en", browser: ["en"] })).toBe("sv");
  });

  it("is the kept one when the link names none or one the product does not speak", () => {
    expect(openingLanguage({ link: null, kept: "en", browser: ["sv"] })).toBe("en");
    expect(openingLanguage({ link: "de", kept: "en", browser: ["sv"] })).toBe("en");
    expect(openingLanguage({ link: "", kept: "sv", browser: ["en"] })).toBe("sv");
  });

  it("follows the browser only on a page that follows it, and nothing is kept", () => {
    expect(openingLanguage({ kept: null, browser: ["en-GB"] })).toBe("en");
    expect(openingLanguage({ kept: "xx", browser: ["en-GB"] })).toBe("en");
    expect(openingLanguage({ kept: null, browser: null })).toBe("sv");
    expect(openingLanguage({})).toBe("sv");
  });
});

describe("a link's language", () => {
  it("is read only when it is one of the product's", () => {
    expect(asKnownLanguage("en")).toBe("en");
    expect(asKnownLanguage("sv")).toBe("sv");
    for (const other of ["EN", "no", "", null, undefined, "en-GB"]) expect(asKnownLanguage(other)).toBeNull();
  });

  it("is added to a mail's link beside what it carries, without changing the original", () => {
    const url = new URL("https://bemanna.example/guardian-consent?token=abc.def");
    const english = withLanguage(url, "en");
    expect(english.toString()).toBe(`https://bemanna.example/guardian-consent?token=abc.def&${LANGUAGE_PARAM}=en`);
    expect(url.searchParams.has(LANGUAGE_PARAM)).toBe(false);
    expect(withLanguage(english, "sv").searchParams.getAll(LANGUAGE_PARAM)).toEqual(["sv"]);
  });
});

describe("a stored language", () => {
  it("is one of ours, Swedish for anything else", () => {
    expect(storedLanguage("en")).toBe("en");
    expect(storedLanguage("sv")).toBe("sv");
    expect(storedLanguage("de")).toBe("sv");
    expect(storedLanguage("")).toBe("sv");
    expect(storedLanguage(null)).toBe("sv");
  });
});
