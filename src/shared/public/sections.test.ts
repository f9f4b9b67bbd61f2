import { describe, expect, it } from "vitest";
import { messageIds, resources } from "../i18n/index.ts";
import { readSections } from "./sections.ts";

const has = (ids: string[]) => {
  const set = new Set(ids);
  return (id: string) => set.has(id);
};

describe("readSections", () => {
  it("reads numbered sections until a title is missing, with their paragraphs and items", () => {
    const ids = [
      "p.1.title",
      "p.1.paragraphs.1",
      "p.1.paragraphs.2",
      "p.1.items.1",
      "p.2.title",
      "p.2.text",
      "p.4.title", // after the gap at 3: not shown
    ];
    expect(readSections("p", has(ids))).toEqual([
      {
        id: "p.1",
        title: "p.1.title",
        text: undefined,
        paragraphs: ["p.1.paragraphs.1", "p.1.paragraphs.2"],
        items: ["p.1.items.1"],
      },
      { id: "p.2", title: "p.2.title", text: "p.2.text", paragraphs: [], items: [] },
    ]);
  });

  it("stops paragraphs at the first missing number too", () => {
    const [section] = readSections("p", has(["p.1.title", "p.1.paragraphs.1", "p.1.paragraphs.3"]));
    expect(section.paragraphs).toEqual(["p.1.paragraphs.1"]);
  });

  it("shows no more than the page allows", () => {
    const ids = Array.from({ length: 12 }, (_, i) => `p.${i + 1}.title`);
    expect(readSections("p", has(ids), 9)).toHaveLength(9);
  });

  it.each(["sv", "en"] as const)("finds the spec's number of sections in the %s texts", (lang) => {
    const exists = has(messageIds(resources[lang]));
    expect(readSections("public.home.sections", exists, 5)).toHaveLength(5);
    expect(readSections("public.about.sections", exists, 9)).toHaveLength(9);
    expect(readSections("public.privacy.sections", exists, 9).length).toBeLessThanOrEqual(9);
    expect(readSections("public.contact.sections", exists, 2)).toHaveLength(2);
    expect(readSections("public.howItWorksVolunteer.sections", exists).length).toBeGreaterThanOrEqual(4);
    expect(readSections("public.howItWorksOrganizer.sections", exists).length).toBeGreaterThanOrEqual(4);
  });
});
