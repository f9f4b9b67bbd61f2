import { describe, expect, it } from "vitest";
import { type Dictionary, messageIds, resources } from "./index.ts";

/**
 * The words GLOSSARY.md rules out (its "not" column), and their English counterparts: no Swedish or
 * English text of the product (screens and mail — the mail templates hold no text of their own) may use
 * them. This is the one list; a new synonym that creeps in is added here.
 *
 * A stem matches at the start of a word, with any ending ("tävling" finds "tävlingen", "tävlingar");
 * `whole: true` matches the word alone, `notBefore` not when that word follows. Matching ignores case.
 */
type Banned = { stem: string; whole?: boolean; notBefore?: string; concept: string };
const BANNED: Record<"sv" | "en", Banned[]> = {
  sv: [
    { stem: "tävling", concept: "evenemang" },
    { stem: "arrangemang", concept: "evenemang" },
    { stem: "administratör", concept: "kontaktperson för evenemanget" },
    { stem: "arbetspass", concept: "station" },
    { stem: "lagledar", concept: "stationsansvarig" },
    { stem: "arbetsledar", concept: "stationsansvarig" },
    { stem: "medhjälpar", concept: "funktionär" },
    { stem: "volontär", concept: "funktionär" },
    { stem: "intresse", concept: "tillgänglighet" },
    { stem: "erbjudande", concept: "förfrågan" },
    { stem: "inbjud", concept: "förfrågan" },
    { stem: "godkänd", concept: "har tackat ja / bekräftad" },
    { stem: "godkänt", concept: "har tackat ja / bekräftat" },
    { stem: "avvisad", concept: "har tackat nej" },
    { stem: "historisk", concept: "avslutat" },
    { stem: "ersättare", concept: "reserv" },
    { stem: "nyhetsbrev", concept: "utskick" },
    { stem: "krediter", concept: "återbetalas inte" },
    { stem: "telefonnum", concept: "mobilnummer" },
    { stem: "mobil", whole: true, concept: "mobilnummer" },
    { stem: "preliminär", concept: "utkast (en förfrågan som inte är skickad)" },
    { stem: "medarrangör", concept: "kontaktperson för evenemanget" },
    { stem: "ladda ned", whole: true, concept: "ladda ner" },
    { stem: "laddas ned", whole: true, concept: "laddas ner" },
    { stem: "utlovad", concept: "har tackat ja" },
  ],
  en: [
    { stem: "competition", concept: "event" },
    { stem: "arrangement", concept: "event" },
    { stem: "administrator", concept: "event contact" },
    { stem: "shift", concept: "station" },
    { stem: "helper", concept: "volunteer" },
    { stem: "interest", concept: "availability" },
    { stem: "invitation", concept: "offer" },
    { stem: "approved", concept: "accepted / confirmed" },
    { stem: "rejected", concept: "declined" },
    { stem: "historic", concept: "finished" },
    { stem: "newsletter", concept: "send-out" },
    { stem: "credited", concept: "not refunded" },
    { stem: "phone number", concept: "mobile number" },
    { stem: "telephone", concept: "mobile number" },
    { stem: "mobile", whole: true, notBefore: "number", concept: "mobile number" },
    { stem: "preliminar", concept: "draft (an offer not sent yet)" },
    { stem: "co-organi", concept: "event contact" },
  ],
};

/**
 * Where a ruled-out word is the right one, by message id and stem. The glossary allows "arbetspass" only in
 * the explanation of a station; the status badges' label ids belong to the badge and are not judged here.
 */
const ALLOWED: Array<{ id: RegExp; stem: string }> = [
  { id: /^events\.wizard\.stationsIntro$/, stem: "arbetspass" },
  { id: /^events\.wizard\.stationsIntro$/, stem: "shift" },
  // The privacy policy names the legal basis in the GDPR's own words ("berättigat intresse", "legitimate interest").
  { id: /^public\.privacy\.sections\.3\.paragraphs\.1$/, stem: "intresse" },
  { id: /^public\.privacy\.sections\.3\.paragraphs\.1$/, stem: "interest" },
  // A payout is "approved for payment" (GLOSSARY: attestera); offers and events are never "approved".
  { id: /^(payout\.(approval|validation|bankFile)\.|mail\.paymentDetailsMissing\.)/, stem: "approved" },
];

/** Letters of any language count as word characters, so "ö" or "ä" never makes a word boundary. */
const pattern = ({ stem, whole, notBefore }: Omit<Banned, "concept">) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${stem.replaceAll(" ", "\\s+")}${whole ? "(?![\\p{L}\\p{N}])" : ""}${notBefore ? `(?!\\s+${notBefore})` : ""}`,
    "iu",
  );

const lookup = (dict: Dictionary, id: string) =>
  id.split(".").reduce<unknown>((node, part) => (node as Dictionary)[part], dict) as string;

function texts(dict: Dictionary): Array<[id: string, text: string]> {
  return messageIds(dict).map((id) => [id, lookup(dict, id)]);
}

describe("every text follows the glossary", () => {
  for (const lang of ["sv", "en"] as const) {
    it(`no ${lang} text uses a word the glossary rules out`, () => {
      const found = texts(resources[lang] as Dictionary).flatMap(([id, text]) =>
        BANNED[lang]
          .filter((word) => pattern(word).test(text))
          .filter((word) => !ALLOWED.some((a) => a.stem === word.stem && a.id.test(id)))
          .map((word) => `${id}: "${word.stem}" (say "${word.concept}") in: ${text}`),
      );
      expect(found).toEqual([]);
    });
  }

  it("matches whole words and their endings, not other words that contain them", () => {
    const test = (stem: string, text: string, whole?: boolean) => pattern({ stem, whole }).test(text);
    expect(pattern({ stem: "mobile", whole: true, notBefore: "number" }).test("Mobile number")).toBe(false);
    expect(pattern({ stem: "mobile", whole: true, notBefore: "number" }).test("Mobile")).toBe(true);
    expect(test("tävling", "Tävlingen börjar")).toBe(true);
    expect(test("godkänd", "Status: GODKÄND")).toBe(true);
    expect(test("mobil", "Mobil", true)).toBe(true);
    expect(test("mobil", "Mobilnummer", true)).toBe(false);
    expect(test("intresse", "ointressant")).toBe(false);
    expect(test("krediter", "ackrediteras")).toBe(false);
    expect(test("phone number", "your phone  number")).toBe(true);
    expect(test("ladda ned", "Det gick inte att ladda ned filen.", true)).toBe(true);
    expect(test("ladda ned", "Ladda ner", true)).toBe(false);
    expect(test("co-organi", "your co-organizers")).toBe(true);
  });
});

/**
 * Concepts that screens name side by side, pinned to one word each (issue 22): where two ids name the same
 * concept they say the same, and where a word names one concept no other label takes it.
 */
describe("one word per concept", () => {
  for (const lang of ["sv", "en"] as const) {
    const text = (id: string) => lookup(resources[lang] as Dictionary, id);

    it(`${lang}: counts the places of offers not sent yet in the word of the offer's draft status`, () => {
      expect(text("offers.allocation.preliminary").toLowerCase()).toContain(text("offers.status.DRAFT").toLowerCase());
    });

    it(`${lang}: keeps the name of the staffing tab for the tab, not for the match table's column`, () => {
      expect(text("events.match.columns.manned")).not.toBe(text("roster.tab"));
      expect(text("events.match.columns.manned")).not.toBe(text("offers.allocation.manned"));
    });

    it(`${lang}: counts the roster's and the station sheet's volunteers in the words of the match table and the offer`, () => {
      // Named volunteers (attendees) are "anmälda funktionärer" on the roster as on the sheet.
      expect(text("roster.columns.named")).toBe(text("sheet.named"));
      // The places of groups that accepted are counted as "Har tackat ja", as in the match table.
      expect(text("sheet.promised")).toBe(text("offers.allocation.accepted"));
    });
  }
});
