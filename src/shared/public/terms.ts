/** The terms' parts in the order shown, and the date they apply from (spec 01 §2, spec 02 §9). */
export const TERMS_PARTS = ["intro", "general", "volunteer", "organizer"] as const;
export const TERMS_VALID_FROM = "2018-09-01";
