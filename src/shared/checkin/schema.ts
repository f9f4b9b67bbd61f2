import { z } from "zod";
import { UUID_PATTERN } from "../groups/schema.ts";
import { parseInstant } from "../time.ts";
import { age, crossField, msg, personName } from "../validation.ts";

/** Message ids of the check-in rules (texts in i18n/<lang>/checkin.json). */
export const checkinMsg = {
  exactlyOne: "checkin.validation.exactlyOne",
  instant: "checkin.validation.instant",
  future: "checkin.validation.future",
  early: "checkin.validation.early",
  pass: "checkin.validation.pass",
  notOnList: "checkin.validation.notOnList",
  notAccepted: "checkin.validation.notAccepted",
  walkUpNoShow: "checkin.validation.walkUpNoShow",
} as const;

const id = () => z.string().regex(UUID_PATTERN, { error: msg.invalid });
const instantOut = () => z.iso.datetime({ offset: true });

/** When a tap happened on the device: an instant with its offset (the device knows its own zone). */
const deviceInstant = () =>
  z
    .string({ error: checkinMsg.instant })
    .max(40, { error: checkinMsg.instant })
    .refine((s) => /(Z|[+-]\d{2}:\d{2})$/.test(s) && parseInstant(s) !== null, { error: checkinMsg.instant })
    .transform((s) => parseInstant(s) as Date);

export const checkinParams = z.object({ eventId: id(), stationId: id() });
export const undoParams = z.object({ eventId: id(), stationId: id(), volunteerId: id() });
export const eventParams = z.object({ eventId: id() });

/** A walk-up: a member of a group that accepted the station, who was not named; the form's fields too. */
export const walkUpBody = z.object({ groupId: id(), name: personName(), age: age() });

/**
 * POST …/checkins: one tap. `id` is made by the device, so a tap sent twice is the same tap; exactly one of
 * `volunteerId`, `pass` (the token a QR code holds) and `walkUp` says who.
 */
export const checkinBody = z
  .object({
    id: id(),
    at: deviceInstant(),
    volunteerId: id().optional(),
    pass: z.string().max(200, { error: checkinMsg.pass }).optional(),
    walkUp: walkUpBody.optional(),
    noShow: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    const who = [b.volunteerId, b.pass, b.walkUp].filter((x) => x !== undefined).length;
    if (who !== 1) ctx.addIssue({ code: "custom", path: ["volunteerId"], message: checkinMsg.exactlyOne });
    if (b.walkUp && b.noShow) ctx.addIssue({ code: "custom", path: ["noShow"], message: checkinMsg.walkUpNoShow });
  }, crossField);
export type CheckinBody = z.output<typeof checkinBody>;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────

export const countsView = z.object({
  expected: z.number().int(),
  arrived: z.number().int(),
  noShow: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  /** Named volunteers who answered the day-before text JA, and NEJ (issue 24). */
  confirmed: z.number().int(),
  declined: z.number().int(),
});

export const checkinStationView = z.object({ id: z.string(), name: z.string(), start: instantOut(), end: instantOut() });

/** A named volunteer on the station's list. */
export const checkinPersonView = z.object({
  volunteerId: z.string(),
  name: z.string(),
  age: z.number().int(),
  phone: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  arrivedAt: instantOut().nullable(),
  noShow: z.boolean(),
  /** The answer to the day-before text: true (JA), false (NEJ), null (no answer). */
  confirmed: z.boolean().nullable(),
});
export type CheckinPerson = z.infer<typeof checkinPersonView>;

export const walkUpView = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  age: z.number().int(),
  arrivedAt: instantOut(),
});
export type WalkUp = z.infer<typeof walkUpView>;

/** GET …/checkins: the station's list as the check-in page keeps it for the day. */
export const checkinListView = z.object({
  station: checkinStationView,
  event: z.object({ id: z.string(), name: z.string(), date: z.string(), status: z.string() }),
  people: z.array(checkinPersonView),
  walkUps: z.array(walkUpView),
  counts: countsView,
  /** The station's accepted groups: whom a walk-up may belong to. */
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  /** When the server answered: the page says how old its list is. */
  fetchedAt: instantOut(),
  abilities: z.object({ checkIn: z.boolean() }),
});
export type CheckinList = z.infer<typeof checkinListView>;

/**
 * The answer to a tap: what now stands for the person. Not the station's counts: reading them would cost
 * every tap more than the tap itself; the page counts its list, the live stream sends them.
 */
export const checkinResultView = z.object({
  id: z.string(),
  volunteerId: z.string().nullable(),
  walkUpId: z.string().nullable(),
  name: z.string(),
  arrivedAt: instantOut().nullable(),
  noShow: z.boolean(),
});
export type CheckinResult = z.infer<typeof checkinResultView>;

/** One message of the live stream: a station's counts after a change. */
export const liveMessage = z.object({ stationId: z.string(), counts: countsView });
export type LiveMessage = z.infer<typeof liveMessage>;

/** A volunteer's pass: what they need on the day, and nothing else about anyone. */
export const passView = z.object({
  name: z.string(),
  groupName: z.string(),
  event: z.object({ id: z.string(), name: z.string(), date: z.string() }),
  station: z.object({
    id: z.string(),
    name: z.string(),
    start: instantOut(),
    end: instantOut(),
    place: z.string(),
    lat: z.number(),
    lng: z.number(),
    mapUrl: z.string(),
  }),
  teamLeader: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** The page's own address, which the QR code holds. */
  url: z.string(),
  /** The QR code as an SVG document. */
  qr: z.string(),
});
export type PassView = z.infer<typeof passView>;

const personOnCall = z.object({ name: z.string(), phone: z.string() });

/** GET /api/events/{eventId}/today: the organizer's live tab — every station, its counts, whom to call. */
export const todayView = z.object({
  event: z.object({ id: z.string(), name: z.string(), date: z.string(), status: z.string() }),
  stations: z.array(
    checkinStationView.extend({
      teamLeader: personOnCall.nullable(),
      counts: countsView,
      groups: z.array(z.object({ id: z.string(), name: z.string(), contacts: z.array(personOnCall) })),
    }),
  ),
});
export type TodayView = z.infer<typeof todayView>;

export const passParams = z.object({ token: z.string().max(200) });
export const groupPassesParams = z.object({ groupId: id(), eventId: id() });

/** GET /api/groups/{groupId}/events/{eventId}/checkins: what is known of the group's named volunteers today. */
export const groupCheckinView = z.object({
  volunteerId: z.string(),
  stationId: z.string(),
  arrivedAt: instantOut().nullable(),
  noShow: z.boolean(),
});
export type GroupCheckin = z.infer<typeof groupCheckinView>;
