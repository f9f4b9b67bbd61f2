import { z } from "zod";
import { eventView, FOOD_OPTIONS, SHIRT_SIZES, stationView } from "../events/schema.ts";
import { groupView, municipalityCode, UUID_PATTERN } from "../groups/schema.ts";
import { inProductYears } from "../time.ts";
import { isoDate, msg, wholeNumber } from "../validation.ts";
import { answerByPassed, parseAnswerBy } from "./rules.ts";

/**
 * Offers (STAFFING.md §1): one group asked to staff one station with a number of volunteers. DRAFT until
 * the organizer sends invitations, then PROPOSAL until the group answers (ACCEPTED, REJECTED) or its
 * answer-by date passes (EXPIRED).
 */
export const OFFER_STATUSES = ["DRAFT", "PROPOSAL", "ACCEPTED", "REJECTED", "EXPIRED"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Message ids of the offer rules (texts in i18n/<lang>/offers.json). */
export const offerMsg = {
  groupRequired: "offers.validation.groupRequired",
  tooManyVolunteers: "offers.validation.tooManyVolunteers",
  allocated: "offers.validation.allocated",
  tooManyRequested: "offers.validation.tooManyRequested",
  notEnoughAttendees: "offers.validation.notEnoughAttendees",
  tooManyAttendees: "offers.validation.tooManyAttendees",
  unknownVolunteer: "offers.validation.unknownVolunteer",
  missingShirtSize: "offers.validation.missingShirtSize",
  awaitingGuardian: "offers.validation.awaitingGuardian",
  expiresInPast: "offers.validation.expiresInPast",
  /** Takes `{ min }`, the station's minimum age, where it is shown. */
  belowMinimumAge: "offers.validation.belowMinimumAge",
} as const;

const uuid = () => z.string({ error: msg.required }).regex(UUID_PATTERN, { error: msg.invalid });

// ── Requests ────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/groups/available: the station decides place and date unless the query names others. */
export const availableQuery = z.object({
  eventId: uuid(),
  stationId: uuid(),
  location: municipalityCode().optional(),
  startDate: isoDate().optional(),
  endDate: isoDate().optional(),
  /** Also groups available in municipalities whose centre lies within this many km of the station. */
  radiusKm: wholeNumber(0, 1000).optional(),
});
export type AvailableQuery = z.output<typeof availableQuery>;

/** POST /api/offers. */
export const offerBody = z.object({
  eventId: uuid(),
  stationId: uuid(),
  groupId: z.string({ error: offerMsg.groupRequired }).regex(UUID_PATTERN, { error: offerMsg.groupRequired }),
  volunteers: wholeNumber(1),
});
export type OfferBody = z.output<typeof offerBody>;
export type OfferInput = z.input<typeof offerBody>;

/**
 * An answer-by date as typed: a date or an instant (rules.parseAnswerBy says which texts are one); with
 * `optional`, also "" for none.
 */
const answerByText = (optional = false) =>
  z
    .string()
    .refine((s) => (optional && s === "") || parseAnswerBy(s) !== null, { error: msg.dateFormat, abort: true })
    .refine((s) => (optional && s === "") || inProductYears(s), { error: msg.invalid, abort: true });

/** An answer-by instant. */
const answerBy = () => answerByText().transform((s) => parseAnswerBy(s) as Date);

/** POST /api/offers/{eventId}/confirm: the DRAFT offers to send (none listed: all of the event's DRAFTs). */
export const sendOffersBody = z.object({
  offers: z
    .array(z.object({ groupId: uuid(), stationId: uuid() }))
    .max(5000)
    .default([]),
  expiresAt: answerBy().optional(),
});
export type SendOffersBody = z.output<typeof sendOffersBody>;

/**
 * The organizer's send form: no answer-by date (a week, rules.defaultAnswerBy) or one that has not passed.
 * The server checks the same with `answerByPassed` against its own clock.
 */
export const sendOffersForm = (now: () => Date) =>
  z.object({
    expiresAt: answerByText(true).refine((s) => s === "" || !answerByPassed(parseAnswerBy(s) as Date, now()), {
      error: offerMsg.expiresInPast,
    }),
  });

/** POST /api/offers/groups/{groupId}/{eventId}/{stationId}: the volunteers the group names for the station. */
export const attendeesBody = z.object({
  attendees: z.array(uuid()).max(1000, { error: offerMsg.tooManyAttendees }),
  /**
   * Beyond the spec: what the named volunteers state for this event (shirt size, diets, substitute), saved
   * with the naming so the contact fills in one form. Volunteers not listed keep what they stated before.
   */
  participation: z
    .array(
      z.object({
        volunteerId: uuid(),
        specialDiets: z
          .array(z.enum(FOOD_OPTIONS, { error: msg.oneOf }))
          .max(FOOD_OPTIONS.length)
          .default([]),
        shirtSize: z.enum(SHIRT_SIZES, { error: msg.oneOf }).nullish(),
        substitute: z.string().trim().max(250, { error: msg.max250 }).nullish(),
      }),
    )
    .max(1000)
    .optional(),
});
export type AttendeesBody = z.output<typeof attendeesBody>;
export type AttendeesInput = z.input<typeof attendeesBody>;

export const offerKeyParams = z.object({ eventId: uuid(), groupId: uuid(), stationId: uuid() });
export const eventOffersParams = z.object({ eventId: uuid() });
export const stationOffersParams = z.object({ eventId: uuid(), stationId: uuid() });
export const groupOffersParams = z.object({ groupId: uuid() });
export const groupOffersQuery = z.object({ eventId: uuid().optional() });

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────

const instantOut = () => z.iso.datetime({ offset: true });

/** The allocation counters of a station (spec 02 §4). */
export const allocationView = z.object({
  needed: z.number().int(),
  preliminary: z.number().int(),
  awaiting: z.number().int(),
  accepted: z.number().int(),
  missing: z.number().int(),
  manned: z.boolean(),
});
export type Allocation = z.infer<typeof allocationView>;

/** The station as an offer shows it: what a group needs to decide, never the team leader's address. */
export const offerStationView = stationView.omit({ teamLeaderEmail: true, teamLeaderName: true }).extend({
  /** Only in the organizer's and team leader's views. */
  allocation: allocationView.optional(),
});
export type OfferStation = z.infer<typeof offerStationView>;

/** The event as an offer shows it. */
export const offerEventView = eventView.pick({
  id: true,
  name: true,
  date: true,
  startTime: true,
  city: true,
  status: true,
  included: true,
  shirtSizes: true,
  foodOptions: true,
  substitute: true,
  organizerName: true,
});
export type OfferEvent = z.infer<typeof offerEventView>;

/** A named volunteer as the organizer sees them once the group has accepted (ARCHITECTURE §4). */
export const attendeeView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  age: z.number().int(),
  specialDiets: z.array(z.enum(FOOD_OPTIONS)),
  shirtSize: z.enum(SHIRT_SIZES).nullable(),
  substitute: z.string().nullable(),
  /** The answer to the day-before text (issue 24): true (JA), false (NEJ), null (none yet). */
  confirmed: z.boolean().nullable(),
  /** The last message they texted that was neither JA nor NEJ, for the group's contact to read. */
  message: z.string().nullable(),
});
export type Attendee = z.infer<typeof attendeeView>;

/**
 * The group as an offer shows it. The organizer sees the group's facts always; its contacts and named
 * volunteers only once it has accepted, until the event is finished (`contactPersons`, `attendees` absent
 * otherwise).
 */
/** What the organizer sees of a group in every case: its facts, never its people. */
const groupFacts = groupView.pick({
  id: true,
  name: true,
  organizationName: true,
  municipality: true,
  numberOfMembers: true,
  ages: true,
  sport: true,
  skills: true,
});

export const offerGroupView = groupFacts.extend({
  contactPersons: z.array(z.object({ name: z.string(), email: z.string(), phone: z.string() })).optional(),
  attendees: z.array(attendeeView).optional(),
});
export type OfferGroup = z.infer<typeof offerGroupView>;

export const offerView = z.object({
  eventId: z.string(),
  eventName: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  stationId: z.string(),
  stationIdGroupId: z.string(),
  status: z.enum(OFFER_STATUSES),
  volunteers: z.number().int(),
  createdAt: instantOut(),
  sentAt: instantOut().nullable(),
  remindedAt: instantOut().nullable(),
  answeredAt: instantOut().nullable(),
  expiresAt: instantOut().nullable(),
  /** Volunteer ids the group named; for the organizer only once the group has accepted. */
  attendees: z.array(z.string()),
  adultAttendance: z.number().int().nullable(),
  childAttendance: z.number().int().nullable(),
  station: offerStationView,
  event: offerEventView,
  group: offerGroupView,
  /** What the caller may do with this offer now, so the UI does not repeat the rules. */
  abilities: z.object({
    /** Organizer: delete a DRAFT, withdraw a sent offer. */
    remove: z.boolean(),
    /** Group contact: accept or decline an offer awaiting its answer. */
    answer: z.boolean(),
    /** Group contact: name the volunteers who come. */
    nameAttendees: z.boolean(),
    /** Event contact or the station's team leader: record who came (attendance is open). */
    recordAttendance: z.boolean(),
    /** Group contact: hand out the group's sign-up link of the event (POST /api/link). */
    shareLink: z.boolean(),
    /** Group contact: the station has started; send a stand-in for whoever has not arrived (issue 23). */
    standIns: z.boolean(),
  }),
});
export type Offer = z.infer<typeof offerView>;

/** GET /api/offers/station/{eventId}/{stationId}. */
export const stationOffersView = z.object({
  station: offerStationView.extend({ allocation: allocationView }),
  offers: z.array(offerView),
});
export type StationOffers = z.infer<typeof stationOffersView>;

/** POST /api/offers/{eventId}/confirm. */
export const sendOffersResult = z.object({ sent: z.number().int(), groups: z.array(z.string()) });
export type SendOffersResult = z.infer<typeof sendOffersResult>;

/** Why a group awaiting its answer was not reminded: its offer went out, or it was reminded, within a day. */
export const REMINDER_HOLDS = ["sentRecently", "remindedRecently"] as const;
export type ReminderHold = (typeof REMINDER_HOLDS)[number];

/**
 * POST /api/offers/{eventId}/send-reminder: the groups reminded (none: nothing matched), and those awaiting
 * an answer that were not, each with why and from when a reminder can go (ADR 025).
 */
export const remindResult = z.object({
  groups: z.array(z.string()),
  notReminded: z.array(z.object({ group: z.string(), reason: z.enum(REMINDER_HOLDS), from: instantOut() })),
});
export type RemindResult = z.infer<typeof remindResult>;

/** Why a candidate ranks where it does: a message id under `offers.reason.` and its values. */
export const reasonView = z.object({
  id: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Reason = z.infer<typeof reasonView>;

/** GET /api/groups/available: one ranked candidate (STAFFING §3). */
export const candidateView = groupFacts.extend({
  groupId: z.string(),
  score: z.number().int(),
  distanceKm: z.number(),
  remainingMembers: z.number().int(),
  reasons: z.array(reasonView),
});
export type Candidate = z.infer<typeof candidateView>;
