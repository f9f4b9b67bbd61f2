import { z } from "zod";
import { contactPerson, contactPersonView } from "../contacts.ts";
import { findMunicipality, inMapBounds } from "../geo/municipalities.ts";
import { organisationNumber } from "../organisation-number.ts";
import { STATUSES, type Status } from "../status.ts";
import { inProductYears, normalizeInstant, parseInstant } from "../time.ts";
import {
  age,
  crossField,
  email,
  futureDate,
  isoDate,
  msg,
  nameText,
  requiredText,
  version,
  WHOLE_NUMBER_MAX,
  webAddress,
  wholeNumber,
} from "../validation.ts";

export type EventStatus = Status;

export const INCLUDED = ["CLOTHES", "FOOD"] as const;
export const SHIRT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const FOOD_OPTIONS = ["GLUTEN_FREE", "LACTOSE_FREE", "MILK_PROTEIN_FREE", "VEGETARIAN", "VEGAN"] as const;
export const SKILLS = [
  "ACROBATICS",
  "CHEERLEADING",
  "DRIVING_LICENCE_B",
  "FORKLIFT_LICENCE",
  "BUS_DRIVER",
  "TRACTOR_LICENCE",
  "BOATING_LICENSE",
  "CHOIR_SINGING",
  "PERCUSSION",
  "BRASS_BAND",
  "FLIPS",
  "STUNT",
] as const;
/** A skill's name: one message id per skill, the same in the station, group and offer forms (glossary). */
export const skillLabelId = (skill: string) => `skills.${skill}`;
export const CURRENCIES = ["SEK", "EUR"] as const;
export const PAYMENT_TYPES = ["COMPENSATIONBYAGREEMENT", "GROUPPAYMENT", "PERPERSON", "HOURLYRATE", "NOCOMPENSATION"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Message ids of the event area's own rules (texts in i18n/<lang>/events.json). */
export const eventMsg = {
  endBeforeStart: "events.validation.endBeforeStart",
  stationNameExists: "events.validation.stationNameExists",
  locationMissing: "events.validation.locationMissing",
  noStations: "events.validation.noStations",
  contactUnknown: "events.validation.contactUnknown",
  /** A copy's offer that is not an accepted offer of the source, or whose group can no longer be asked. */
  copyOfferUnknown: "events.validation.copyOfferUnknown",
  teamLeaderUnknown: "events.validation.teamLeaderUnknown",
  time: "events.validation.time",
  dateTime: "events.validation.dateTime",
} as const;

const optionalText = (max = 250) =>
  z
    .string()
    .trim()
    .max(max, { error: max === 250 ? msg.max250 : msg.tooLong })
    .optional()
    .default("");

/** HH:mm on a 24-hour clock. */
export const time = () => requiredText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: eventMsg.time });

/**
 * A station's start or end: an instant, ISO-8601 with an offset (`2026-06-01T08:00:00+02:00` or `…Z`), or a
 * local `YYYY-MM-DDTHH:mm` as `<input type="datetime-local">` writes it, read as Europe/Stockholm. It comes
 * out in the one form the API answers with: the Stockholm wall-clock time and its offset.
 */
export const instantText = () =>
  requiredText()
    .refine((s) => inProductYears(s) && parseInstant(s) !== null, { error: eventMsg.dateTime })
    .transform((s) => normalizeInstant(s) as string)
    .meta({
      description:
        "ISO-8601 instant with offset, e.g. 2026-06-01T08:00:00+02:00; a local YYYY-MM-DDTHH:mm is read as Europe/Stockholm",
      examples: ["2026-06-01T08:00:00+02:00"],
    });

/** Milliseconds since the epoch of a start or end, whether already parsed or still as typed; else undefined. */
const epochOf = (value: unknown) => (typeof value === "string" ? parseInstant(value)?.getTime() : undefined);

const optionalNumber = () =>
  z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .number({ error: msg.integer })
      .int({ error: msg.integer })
      .min(0, { error: msg.min0 })
      .max(WHOLE_NUMBER_MAX, { error: msg.invalid })
      .nullable()
      .optional(),
  );

const coordinates = z.object({
  lat: z.number({ error: eventMsg.locationMissing }),
  lng: z.number({ error: eventMsg.locationMissing }),
});

/**
 * A station as the form and the API see it. Which payment fields are required follows the payment type;
 * the ones the type does not use are cleared by `normalizeStation` (rules.ts) before saving.
 */
export const stationFields = z.object({
  id: z.string().optional(),
  name: requiredText().max(250, { error: msg.max250 }),
  description: requiredText().max(4000, { error: msg.tooLong }),
  start: instantText(),
  end: instantText(),
  municipality: requiredText().refine((id) => findMunicipality(id) !== undefined, { error: msg.oneOf }),
  markerLocation: optionalText(),
  markerCoordinates: coordinates.nullable().optional(),
  teamLeaderEmail: z
    .union([z.literal(""), email()])
    .optional()
    .default(""),
  officialQuantity: wholeNumber(0),
  officialMiniumumAge: age(),
  skills: z
    .array(z.enum(SKILLS, { error: msg.oneOf }))
    .max(SKILLS.length)
    .default([]),
  paymentType: z.enum(PAYMENT_TYPES, { error: msg.required }),
  currency: z.enum(CURRENCIES, { error: msg.required }).nullable().optional(),
  groupPayment: optionalNumber(),
  paymentAdult: optionalNumber(),
  paymentChild: optionalNumber(),
});

export const station = stationFields.superRefine((s, ctx) => {
  // Instants are compared, not their texts: "09:00+01:00" is after "09:30+02:00".
  const { start, end } = s as { start?: unknown; end?: unknown };
  const [from, to] = [epochOf(start), epochOf(end)];
  if (from !== undefined && to !== undefined && to < from)
    ctx.addIssue({ code: "custom", path: ["end"], message: eventMsg.endBeforeStart });
  const c = s.markerCoordinates as { lat?: unknown; lng?: unknown } | null | undefined;
  if (!c || typeof c.lat !== "number" || typeof c.lng !== "number" || !inMapBounds(c.lat, c.lng))
    ctx.addIssue({ code: "custom", path: ["markerCoordinates"], message: eventMsg.locationMissing });
  for (const field of paymentFieldsOf(s.paymentType)) {
    const value = (s as Record<string, unknown>)[field];
    if (value === null || value === undefined || value === "")
      ctx.addIssue({ code: "custom", path: [field], message: msg.required });
  }
}, crossField);
export type StationInput = z.input<typeof station>;
export type Station = z.output<typeof station>;

/** Which of the payment fields a payment type uses (spec 02 §4). */
export function paymentFieldsOf(
  type: PaymentType | undefined,
): Array<"currency" | "groupPayment" | "paymentAdult" | "paymentChild"> {
  switch (type) {
    case "GROUPPAYMENT":
      return ["currency", "groupPayment"];
    case "PERPERSON":
    case "HOURLYRATE":
      return ["currency", "paymentAdult", "paymentChild"];
    default:
      return [];
  }
}

const eventShape = {
  name: nameText(),
  startTime: time(),
  city: requiredText().max(250, { error: msg.max250 }),
  included: z
    .array(z.enum(INCLUDED, { error: msg.oneOf }))
    .max(INCLUDED.length)
    .default([]),
  shirtSizes: z
    .array(z.enum(SHIRT_SIZES, { error: msg.oneOf }))
    .max(SHIRT_SIZES.length)
    .default([]),
  foodOptions: z
    .array(z.enum(FOOD_OPTIONS, { error: msg.oneOf }))
    .max(FOOD_OPTIONS.length)
    .default([]),
  // The spec's form sends the ticked box as "active"; JSON clients send a boolean. Both mean the same.
  substitute: z
    .union([z.boolean(), z.literal("active"), z.literal(""), z.null()], { error: msg.oneOf })
    .transform((v) => v === true || v === "active")
    .default(false),
  organizerNumber: organisationNumber(),
  organizerName: requiredText().max(250, { error: msg.max250 }),
  organizerWebsite: webAddress().optional().default(""),
  organizerEmail: z
    .union([z.literal(""), email()])
    .optional()
    .default(""),
  invoiceAddress: optionalText(1000),
  contactPersons: z.array(contactPerson).max(50).default([]),
  stations: z.array(station).max(500).default([]),
};

/** Station names are unique within an event, ignoring case and surrounding spaces: "A1" and " a1" clash. */
export const stationNameKey = (name: string) => name.trim().toLowerCase();

/** The station form: a station whose name must differ from the names of the event's other stations. */
export function stationAmong(otherNames: string[]) {
  const taken = new Set(otherNames.map(stationNameKey));
  return station.superRefine((s, ctx) => {
    if (typeof s.name === "string" && taken.has(stationNameKey(s.name)))
      ctx.addIssue({ code: "custom", path: ["name"], message: eventMsg.stationNameExists });
  }, crossField);
}

function uniqueStationNames(e: { stations: Array<{ name: string }> }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  if (!Array.isArray(e.stations)) return;
  e.stations.forEach((s, i) => {
    if (typeof s?.name !== "string") return;
    const key = stationNameKey(s.name);
    if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["stations", i, "name"], message: eventMsg.stationNameExists });
    seen.add(key);
  });
}

/**
 * The event form and POST /api/events. The date must not be in the past; when editing, the event's own
 * stored date stays acceptable (`keepDate`), so a contact can still fix a typo on the day after.
 */
export const eventForm = (now: () => Date, keepDate?: string) =>
  z.object({ ...eventShape, date: futureDate(now, keepDate) }).superRefine(uniqueStationNames, crossField);

/**
 * PUT /api/events/{id}: as the form, plus the version it was read at. The date rule needs the stored date,
 * so the service checks it with the same `isFutureDate`.
 */
export const eventUpdate = z
  .object({ ...eventShape, date: isoDate(), version: version() })
  .superRefine(uniqueStationNames, crossField);

export type EventForm = z.output<ReturnType<typeof eventForm>>;
export type EventFormInput = z.input<ReturnType<typeof eventForm>>;
export type EventUpdate = z.output<typeof eventUpdate>;
export type EventUpdateInput = z.input<typeof eventUpdate>;

export const eventIdParams = z.object({ id: z.uuid({ error: msg.invalid }) });

/**
 * POST /api/events/{id}/copy (STAFFING §4): the new event's name, date, city and start time, and the
 * accepted offers of the source to ask again (as DRAFTs at the moved stations). A copy named as its source
 * needs `sameName: true`.
 */
export const eventCopyBody = (now: () => Date) =>
  z.object({
    name: nameText(),
    date: futureDate(now),
    city: requiredText().max(250, { error: msg.max250 }),
    startTime: time(),
    offers: z
      .array(z.object({ groupId: z.uuid({ error: msg.invalid }), stationId: z.uuid({ error: msg.invalid }) }))
      .max(5000)
      .default([]),
    sameName: z.boolean().optional(),
  });
export type EventCopyBody = z.output<ReturnType<typeof eventCopyBody>>;
export type EventCopyInput = z.input<ReturnType<typeof eventCopyBody>>;

export const publicEventsQuery = z.object({ startDate: isoDate().optional(), endDate: isoDate().optional() });

/**
 * Response shapes: the schemas the server answers with (plain, so they encode and document exactly what is
 * sent), and their types.
 */

/** An instant as the API answers: Stockholm wall-clock time with its offset, e.g. 2026-06-01T08:00:00+02:00. */
const instantOut = () => z.iso.datetime({ offset: true });

export const stationView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  start: instantOut(),
  end: instantOut(),
  municipality: z.string(),
  markerLocation: z.string(),
  markerCoordinates: z.object({ lat: z.number(), lng: z.number() }),
  teamLeaderEmail: z.string(),
  teamLeaderName: z.string().optional(),
  officialQuantity: z.number().int(),
  officialMiniumumAge: z.number().int(),
  skills: z.array(z.enum(SKILLS)),
  paymentType: z.enum(PAYMENT_TYPES),
  currency: z.enum(CURRENCIES).nullable(),
  groupPayment: z.number().int().nullable(),
  paymentAdult: z.number().int().nullable(),
  paymentChild: z.number().int().nullable(),
});
export type StationView = z.infer<typeof stationView>;

export const eventView = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  date: z.string(),
  startTime: z.string(),
  city: z.string(),
  status: z.enum(STATUSES),
  included: z.array(z.enum(INCLUDED)),
  shirtSizes: z.array(z.enum(SHIRT_SIZES)),
  foodOptions: z.array(z.enum(FOOD_OPTIONS)),
  substitute: z.boolean(),
  organizerNumber: z.string(),
  organizerName: z.string(),
  organizerWebsite: z.string(),
  organizerEmail: z.string(),
  invoiceAddress: z.string(),
  contactPersons: z.array(contactPersonView),
  stations: z.array(stationView),
  version: z.number().int(),
  confirmedAt: instantOut().nullable(),
  confirmedBy: z.string().nullable(),
  /**
   * What the signed-in user may do now, so the UI does not repeat the rules. A team leader reads the same
   * view of their stations with every ability false but `sendOut`.
   */
  abilities: z.object({
    edit: z.boolean(),
    confirm: z.boolean(),
    remove: z.boolean(),
    match: z.boolean(),
    sendOut: z.boolean(),
    /** The event day live: the "Idag" tab and the check-in pages (canFollowToday). */
    today: z.boolean(),
  }),
});
export type EventView = z.infer<typeof eventView>;

export const eventSummary = eventView.pick({ id: true, eventId: true, name: true, date: true, city: true, status: true });
export type EventSummary = z.infer<typeof eventSummary>;

/** What anyone may see of a station and of a confirmed event (no contacts, markers or team leaders). */
export const publicStation = stationView.pick({
  id: true,
  name: true,
  description: true,
  start: true,
  end: true,
  municipality: true,
});
export type PublicStation = z.infer<typeof publicStation>;

export const publicEvent = eventView
  .pick({ id: true, name: true, date: true, startTime: true, city: true, organizerName: true, organizerWebsite: true })
  .extend({ stations: z.array(publicStation).optional() });
export type PublicEvent = z.infer<typeof publicEvent>;
