/**
 * Events and groups share one life cycle: DRAFT → CONFIRMED → HISTORIC. What each may do in a status is
 * its own rule (rules.ts of the area); that HISTORIC means read-only is common to both.
 */
export const STATUSES = ["DRAFT", "CONFIRMED", "HISTORIC"] as const;
export type Status = (typeof STATUSES)[number];

/** A HISTORIC event or group is kept as it was: nothing in it changes any more (writes answer 409). */
export const canEdit = (status: Status) => status !== "HISTORIC";
