import { z } from "zod";
import { contactPerson } from "../contacts.ts";
import { FOOD_OPTIONS, SHIRT_SIZES, SKILLS } from "../events/schema.ts";
import { findMunicipality } from "../geo/municipalities.ts";
import { organisationNumber } from "../organisation-number.ts";
import { paymentInput, paymentView } from "../payments/schema.ts";
import { participationIssues } from "../registration/rules.ts";
import { STATUSES, type Status } from "../status.ts";
import {
  age,
  crossField,
  email,
  isoDate,
  isRecord,
  msg,
  nameText,
  personName,
  requiredText,
  storedPhone,
  version,
  wholeNumber,
} from "../validation.ts";
import { volunteerEmailTaken } from "./rules.ts";
import { OTHER_SPORT } from "./sports.ts";

export type GroupStatus = Status;

/** The age options of a group (spec 02 §9): each year from 10 to 17, then adults. */
export const AGES = ["10", "11", "12", "13", "14", "15", "16", "17", "18+"] as const;
export type Age = (typeof AGES)[number];

// Skills, shirt sizes and food options are the event area's lists: a station asks for the same skills a
// group offers, and an event offers the shirts and diets a volunteer states.
export { FOOD_OPTIONS, SHIRT_SIZES, SKILLS };
export type Skill = (typeof SKILLS)[number];

export const AVAILABILITY_TYPES = ["PERIOD", "EVENT"] as const;
export type AvailabilityType = (typeof AVAILABILITY_TYPES)[number];

/** Message ids of the group rules, beside the general ones in validation.ts. */
export const groupMsg = {
  emailAlreadyExists: "groups.validation.emailAlreadyExists",
  endBeforeStart: "groups.validation.endBeforeStart",
  eventRequired: "groups.validation.eventRequired",
  eventNotFound: "groups.validation.eventNotFound",
  locationNotAtEvent: "groups.validation.locationNotAtEvent",
  contactEmpty: "groups.validation.contactEmpty",
  contactExists: "groups.validation.contactExists",
  userNotFound: "groups.validation.userNotFound",
  lastContact: "groups.validation.lastContact",
  notDraft: "groups.validation.notDraft",
} as const;

/** UUIDs as the database makes them; anything else cannot name one of our rows. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Selects hold strings or null; the sport is stored as its number, 0 when none is chosen. */
const sportId = () =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? 0 : typeof v === "string" ? Number(v) : v),
    z.number({ error: msg.oneOf }).int({ error: msg.oneOf }).min(0, { error: msg.oneOf }).max(OTHER_SPORT, { error: msg.oneOf }),
  );

export const municipalityCode = () => requiredText().refine((code) => findMunicipality(code) !== undefined, { error: msg.oneOf });

/** The group's own data: the fields of the group form. */
export const groupFields = z.object({
  // The spec's "one extra rule" on the name: 3..250 characters, like every name of the product.
  name: nameText(),
  organizationNumber: organisationNumber(),
  organizationName: requiredText().max(250, { error: msg.max250 }),
  municipality: municipalityCode(),
  numberOfMembers: wholeNumber(0, 100_000),
  ages: z
    .array(z.enum(AGES, { error: msg.oneOf }), { error: msg.required })
    .min(1, { error: msg.required })
    .max(AGES.length)
    .transform((ages) => AGES.filter((a) => ages.includes(a))),
  sport: sportId(),
  skills: z
    .array(z.enum(SKILLS, { error: msg.oneOf }))
    .max(SKILLS.length)
    .default([])
    .transform((skills) => SKILLS.filter((s) => skills.includes(s))),
});
export type GroupFields = z.output<typeof groupFields>;

/** What a volunteer has stated for one event (shirt size, diets, substitute). */
export const participation = z.object({
  eventId: z.string().regex(UUID_PATTERN, { error: msg.invalid }),
  specialDiets: z
    .array(z.enum(FOOD_OPTIONS, { error: msg.oneOf }))
    .max(FOOD_OPTIONS.length)
    .default([]),
  shirtSize: z.enum(SHIRT_SIZES, { error: msg.oneOf }).optional(),
  substitute: z.string().trim().max(250, { error: msg.max250 }).optional(),
});
export type Participation = z.output<typeof participation>;

/** A volunteer in a group body: the person and what they stated per event. */
export const volunteer = z.object({
  id: z.string().max(64).optional(),
  name: personName(),
  email: email(),
  phone: storedPhone(),
  age: age(),
  participation: z.array(participation).max(100).default([]),
});
export type VolunteerInput = z.input<typeof volunteer>;

/** Two volunteers of one group never share an e-mail: the duplicate (the later one) gets the message. */
function uniqueVolunteerEmails(volunteers: unknown, ctx: z.RefinementCtx) {
  if (!Array.isArray(volunteers)) return;
  const seen = new Set<string>();
  volunteers.forEach((v: unknown, i) => {
    const address = isRecord(v) && typeof v.email === "string" ? v.email : undefined;
    if (address === undefined) return;
    if (seen.has(address))
      ctx.addIssue({ code: "custom", path: ["volunteers", i, "email"], message: groupMsg.emailAlreadyExists });
    seen.add(address);
  });
}

/**
 * One availability: a period (dates in Europe/Stockholm) or an event, and where the group can work.
 * Fields that do not belong to the type are dropped, so a stored row never carries both.
 */
export const availability = z
  .object({
    id: z.string().max(64).optional(),
    type: z.enum(AVAILABILITY_TYPES, { error: msg.required }),
    startDate: z.string().nullish(),
    endDate: z.string().nullish(),
    eventId: z.string().nullish(),
    location: municipalityCode(),
  })
  .superRefine((a, ctx) => {
    if (a.type === "PERIOD") {
      const start = isoDate().safeParse(a.startDate ?? "");
      const end = isoDate().safeParse(a.endDate ?? "");
      // The date rule's own message: a date that is missing or no date at all, or one outside the product's years.
      if (!start.success) ctx.addIssue({ code: "custom", path: ["startDate"], message: start.error.issues[0].message });
      if (!end.success) ctx.addIssue({ code: "custom", path: ["endDate"], message: end.error.issues[0].message });
      if (start.success && end.success && end.data < start.data)
        ctx.addIssue({ code: "custom", path: ["endDate"], message: groupMsg.endBeforeStart });
    } else if (a.type === "EVENT") {
      if (!a.eventId) ctx.addIssue({ code: "custom", path: ["eventId"], message: groupMsg.eventRequired });
      else if (typeof a.eventId !== "string" || !UUID_PATTERN.test(a.eventId))
        ctx.addIssue({ code: "custom", path: ["eventId"], message: groupMsg.eventNotFound });
    }
  }, crossField)
  .transform((a) =>
    a.type === "PERIOD"
      ? {
          id: a.id,
          type: a.type,
          startDate: a.startDate as string,
          endDate: a.endDate as string,
          eventId: null,
          location: a.location,
        }
      : {
          id: a.id,
          type: a.type,
          startDate: null,
          endDate: null,
          eventId: (a.eventId as string).toLowerCase(),
          location: a.location,
        },
  );
export type AvailabilityInput = z.input<typeof availability>;
export type AvailabilityData = z.output<typeof availability>;

const groupBodyShape = groupFields.extend({
  contactPersons: z.array(contactPerson).max(50).default([]),
  /** When present, the group's volunteers become exactly this list; volunteers left out are deleted. */
  volunteers: z.array(volunteer).max(1000).optional(),
  /** When present, the group's availabilities become exactly this list. */
  availabilities: z.array(availability).max(200).optional(),
  /** How the group is paid (issue 25): left out, they stay as they are; null removes them. */
  payment: paymentInput.nullish(),
});

/** POST /api/groups: a whole group. */
export const groupBody = groupBodyShape.superRefine((g, ctx) => uniqueVolunteerEmails(g.volunteers, ctx), crossField);
export type GroupBody = z.output<typeof groupBody>;

/** PUT /api/groups/{id}: the group plus the version it was read at (stale writes answer 409). */
export const groupUpdateBody = groupBodyShape
  .extend({ version: version() })
  .superRefine((g, ctx) => uniqueVolunteerEmails(g.volunteers, ctx), crossField);
export type GroupUpdateBody = z.output<typeof groupUpdateBody>;

/** POST /api/groups/{id}/confirm: the group as read (only its version matters). */
export const confirmBody = z.object({ version: version() });

/** PUT /api/groups/{groupId}/availabilities. */
export const availabilitiesBody = z.object({ version: version(), availabilities: z.array(availability).max(200) });
export type AvailabilitiesBody = z.output<typeof availabilitiesBody>;

/**
 * The volunteer form. The e-mails of the group's `volunteers` are taken, except that of the one being
 * edited (`editedId`). Shirt size and substitute belong to an event: they are asked only when the event
 * offers them (`shirtSizes` non-empty, `substitute` true).
 */
export function volunteerForm(
  volunteers: ReadonlyArray<{ id?: string; email: string }>,
  offered: { shirtSizes?: readonly string[]; substitute?: boolean } = {},
  editedId?: string,
) {
  return z
    .object({
      name: personName(),
      email: email().refine((e) => !volunteerEmailTaken(volunteers, e, editedId), { error: groupMsg.emailAlreadyExists }),
      phone: storedPhone(),
      age: age(),
      shirtSize: z.string().nullish(),
      substituteTicked: z.boolean().default(false),
      substitute: z.string().trim().max(250, { error: msg.max250 }).nullish(),
    })
    .superRefine((v, ctx) => {
      const issues = participationIssues(v, {
        shirtSizes: offered.shirtSizes ?? [],
        foodOptions: [],
        substitute: !!offered.substitute,
      });
      for (const [field, message] of Object.entries(issues)) ctx.addIssue({ code: "custom", path: [field], message });
    }, crossField);
}
export type VolunteerFormValues = z.input<ReturnType<typeof volunteerForm>>;

/** Response shapes: the schemas the server answers with, and their types. */
export const groupContactView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** Empty until the person has opened the group, except in their own view. */
  phone: z.string(),
  /** The group's creator, who stays a contact. */
  creator: z.boolean(),
});
export type ContactPerson = z.infer<typeof groupContactView>;

export const participationView = z.object({
  eventId: z.string(),
  specialDiets: z.array(z.enum(FOOD_OPTIONS)),
  shirtSize: z.enum(SHIRT_SIZES).optional(),
  substitute: z.string().optional(),
});

export const volunteerView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  age: z.number().int(),
  participation: z.array(participationView),
  /** A minor who joined through the sign-up link names a guardian; until they say yes the volunteer does not count. */
  guardian: z.object({ name: z.string(), email: z.string(), confirmed: z.boolean() }).nullable(),
});
export type Volunteer = z.infer<typeof volunteerView>;

export const availabilityView = z.object({
  id: z.string(),
  type: z.enum(AVAILABILITY_TYPES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  eventId: z.string().nullable(),
  location: z.string(),
});
export type Availability = z.infer<typeof availabilityView>;

export const groupView = z.object({
  id: z.string(),
  name: z.string(),
  organizationNumber: z.string(),
  organizationName: z.string(),
  municipality: z.string(),
  numberOfMembers: z.number().int(),
  ages: z.array(z.enum(AGES)),
  sport: z.number().int(),
  skills: z.array(z.enum(SKILLS)),
  status: z.enum(STATUSES),
  version: z.number().int(),
  contactPersons: z.array(groupContactView),
  volunteers: z.array(volunteerView),
  availabilities: z.array(availabilityView),
  /** How the group is paid; its contacts' eyes only. */
  payment: paymentView.nullable(),
  /** What the signed-in contact may do now, so the UI does not repeat the rules. */
  abilities: z.object({ edit: z.boolean(), confirm: z.boolean(), remove: z.boolean() }),
});
export type Group = z.infer<typeof groupView>;

export const groupSummary = groupView.pick({ id: true, name: true, organizationName: true, status: true });
export type GroupSummary = z.infer<typeof groupSummary>;

export const availabilitiesResult = z.object({ version: z.number().int(), availabilities: z.array(availabilityView) });
export type AvailabilitiesResult = z.infer<typeof availabilitiesResult>;
