import { describe, expect, it } from "vitest";
import { resources, translate } from "../i18n/index.ts";
import { FAQ_GROUPS, FAQ_MAX_PAIRS, faqPairs } from "./faq.ts";

/** A lookup over a plain dictionary of ids, as the page's `text` is over i18next. */
const from = (texts: Record<string, string>) => (id: string) => texts[id];
const q = (group: string, n: number) => `public.faq.${group}.${n}.question`;
const a = (group: string, n: number) => `public.faq.${group}.${n}.answer`;

describe("faqPairs", () => {
  it("shows only pairs having both a question and an answer, in their order", () => {
    const texts = {
      [q("volunteer", 1)]: "Q1",
      [a("volunteer", 1)]: "A1",
      [q("volunteer", 2)]: "Q2 without an answer",
      [a("volunteer", 3)]: "an answer without a question",
      [q("volunteer", 4)]: "Q4",
      [a("volunteer", 4)]: "   ",
      [q("volunteer", 5)]: "Q5",
      [a("volunteer", 5)]: "A5",
      [q("volunteer", 6)]: " \n ",
      [a("volunteer", 6)]: "an answer to a blank question",
    };
    expect(faqPairs("volunteer", from(texts))).toEqual([
      { question: q("volunteer", 1), answer: a("volunteer", 1) },
      { question: q("volunteer", 5), answer: a("volunteer", 5) },
    ]);
  });

  it("reads past a gap instead of stopping at the first missing pair", () => {
    const texts = { [q("organizer", 7)]: "Q7", [a("organizer", 7)]: "A7" };
    expect(faqPairs("organizer", from(texts)).map((p) => p.question)).toEqual([q("organizer", 7)]);
  });

  it("shows at most 40 pairs per group", () => {
    const texts: Record<string, string> = {};
    for (let n = 1; n <= 45; n++) {
      texts[q("organizer", n)] = `Q${n}`;
      texts[a("organizer", n)] = `A${n}`;
    }
    const pairs = faqPairs("organizer", from(texts));
    expect(FAQ_MAX_PAIRS).toBe(40);
    expect(pairs).toHaveLength(40);
    expect(pairs.at(-1)?.question).toBe(q("organizer", 40));
  });

  it("keeps the groups apart: volunteers' pairs never show among the organizers'", () => {
    const texts = { [q("volunteer", 1)]: "Q", [a("volunteer", 1)]: "A" };
    expect(faqPairs("organizer", from(texts))).toEqual([]);
  });

  it.each(["sv", "en"] as const)("finds the real pairs of both groups in %s", (lang) => {
    const text = (id: string) => {
      const value = translate(lang, id);
      return value === id ? undefined : value;
    };
    for (const group of FAQ_GROUPS) {
      const pairs = faqPairs(group, text);
      expect(pairs.length, group).toBeGreaterThanOrEqual(8);
      const written = Object.keys((resources[lang].public.faq as Record<string, unknown>)[group] as object).length;
      expect(pairs).toHaveLength(written);
    }
  });
});
