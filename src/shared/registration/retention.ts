/**
 * How long what a volunteer states for an event is kept (ADR 022). Apart from rules.ts, which needs the
 * schemas, so the pages a volunteer opens from a link can say it without loading them.
 */

/** A volunteer's data for an event is erased this many days after the event is finished (HISTORIC). */
export const ERASE_AFTER_DAYS = 30;
/** The group's contacts are told this many days before, so they can export it first. */
export const ERASURE_NOTICE_DAYS = 7;
