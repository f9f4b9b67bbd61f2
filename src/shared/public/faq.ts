/** The FAQ holds up to 40 question/answer pairs per group, volunteers' first (spec 01 §2 and §9). */
export const FAQ_GROUPS = ["volunteer", "organizer"] as const;
export type FaqGroup = (typeof FAQ_GROUPS)[number];
export const FAQ_MAX_PAIRS = 40;

export interface FaqPair {
  question: string;
  answer: string;
}

/**
 * The pairs of a group to show, as message ids: numbers 1 to 40, skipping any pair whose question or
 * answer is missing or blank, so a half-written pair never reaches the page.
 */
export function faqPairs(group: FaqGroup, text: (id: string) => string | undefined): FaqPair[] {
  const pairs: FaqPair[] = [];
  for (let n = 1; n <= FAQ_MAX_PAIRS; n++) {
    const pair = { question: `public.faq.${group}.${n}.question`, answer: `public.faq.${group}.${n}.answer` };
    if (text(pair.question)?.trim() && text(pair.answer)?.trim()) pairs.push(pair);
  }
  return pairs;
}
