import { z } from "zod";
import { LANGUAGES } from "../account/constants.ts";
import { FOOD_OPTIONS, SHIRT_SIZES } from "../events/schema.ts";
import { UUID_PATTERN } from "../groups/schema.ts";
import { age, crossField, email, msg, personName, storedPhone } from "../validation.ts";
import { needsGuardian, participationIssues, type Questions } from "./rules.ts";

/**
 * Self-registration (STAFFING §2 /link, /public/self-registration, /groups/addVolunteer), guardians' consent
 * and a volunteer's own removal (ADR 022).
 */

/** Message ids of the registration rules (texts in i18n/<lang>/registration.json). */
export const registrationMsg = {
  emailExists: "registration.validation.emailExists",
  guardianSelf: "registration.validation.guardianSelf",
} as const;

const uuid = () => z.string({ error: msg.required }).regex(UUID_PATTERN, { error: msg.invalid });

/** POST /api/link: the group's sign-up link for the event, the same one until `renew` makes a new one. */
export const linkBody = z.object({ groupId: uuid(), eventId: uuid(), renew: z.boolean().optional() });
export type LinkBody = z.output<typeof linkBody>;

/** The link as a path (`/self-registration/{groupName}/{eventId}/{hash}`) and as the address to share. */
export const linkResult = z.object({ link: z.string(), url: z.string() });
export type LinkResult = z.infer<typeof linkResult>;

/** A sign-up link's hash: the group's id and a MAC, 65 characters (identity/address-token.ts). */
const hash = () => z.string({ error: msg.required }).min(1, { error: msg.required }).max(200, { error: msg.invalid });

/** A wrong event id in a link is a wrong link (LinkInvalid), not bad input: the service checks it. */
export const registrationParams = z.object({ eventId: z.string().max(64), hash: hash() });

/** A volunteer's guardian: who must say yes before a minor counts. */
const guardian = z.object({ name: personName(), email: email() });

/**
 * The volunteer as the sign-up form sends them. The event's own questions (shirt size, diets, substitute)
 * are checked against the event by the server (`participationIssues`); a minor also names a guardian.
 */
export const registrationVolunteer = z
  .object({
    /** The spec's client made an id; the server makes its own. */
    id: z.string().max(64).optional(),
    name: personName(),
    email: email(),
    phone: storedPhone(),
    age: age(),
    participation: z
      .object({
        eventId: z.string().max(64).optional(),
        specialDiets: z
          .array(z.enum(FOOD_OPTIONS, { error: msg.oneOf }))
          .max(FOOD_OPTIONS.length)
          .default([]),
        shirtSize: z.enum(SHIRT_SIZES, { error: msg.oneOf }).nullish(),
        substitute: z.string().trim().max(250, { error: msg.max250 }).nullish(),
      })
      .default({ specialDiets: [] }),
    guardian: guardian.nullish(),
  })
  .superRefine((v, ctx) => {
    if (typeof v.age !== "number" || !needsGuardian(v.age)) return;
    if (!v.guardian) ctx.addIssue({ code: "custom", path: ["guardian", "name"], message: msg.required });
    else if (v.guardian.email === v.email)
      ctx.addIssue({ code: "custom", path: ["guardian", "email"], message: registrationMsg.guardianSelf });
  });

/** POST /api/groups/addVolunteer. `language` is the page's, for the mails to the volunteer and guardian. */
export const addVolunteerBody = z.object({
  hash: hash(),
  eventId: z.string({ error: msg.required }).max(64),
  volunteer: registrationVolunteer,
  language: z.enum(LANGUAGES).optional(),
});
export type AddVolunteerBody = z.output<typeof addVolunteerBody>;
export type AddVolunteerInput = z.input<typeof addVolunteerBody>;

/**
 * The sign-up form as the page holds it: flat, with the spec's field names as the inputs' names. Its
 * rules are those of the API body plus the event's questions, so the page says everything before sending.
 */
export function selfRegistrationForm(q: Questions) {
  return z
    .object({
      name: personName(),
      email: email(),
      phone: storedPhone(),
      age: age(),
      shirtSize: z.string().nullish(),
      specialDiets: z.array(z.string()).default([]),
      substituteTicked: z.boolean().default(false),
      substitute: z.string().trim().max(250, { error: msg.max250 }).nullish(),
      guardianName: z.string().trim().max(250, { error: msg.max250 }).nullish(),
      guardianEmail: z.string().trim().toLowerCase().nullish(),
    })
    .superRefine((v, ctx) => {
      for (const [field, message] of Object.entries(participationIssues(v, q)))
        ctx.addIssue({ code: "custom", path: [field], message });
      if (typeof v.age !== "number" || !needsGuardian(v.age)) return;
      if (!v.guardianName) ctx.addIssue({ code: "custom", path: ["guardianName"], message: msg.required });
      const address = email().safeParse(v.guardianEmail ?? "");
      if (!address.success) ctx.addIssue({ code: "custom", path: ["guardianEmail"], message: address.error.issues[0].message });
      else if (address.data === v.email)
        ctx.addIssue({ code: "custom", path: ["guardianEmail"], message: registrationMsg.guardianSelf });
    }, crossField);
}
export type SelfRegistrationValues = z.input<ReturnType<typeof selfRegistrationForm>>;
export type SelfRegistrationForm = z.output<ReturnType<typeof selfRegistrationForm>>;

/** The API body of a filled-in form: what the page sends. */
export function addVolunteerBodyOf(
  v: SelfRegistrationForm,
  link: { hash: string; eventId: string },
  language?: (typeof LANGUAGES)[number],
): AddVolunteerInput {
  return {
    ...link,
    language,
    volunteer: {
      name: v.name,
      email: v.email,
      phone: v.phone,
      age: v.age,
      participation: {
        eventId: link.eventId,
        specialDiets: v.specialDiets as Array<(typeof FOOD_OPTIONS)[number]>,
        shirtSize: (v.shirtSize || null) as (typeof SHIRT_SIZES)[number] | null,
        substitute: v.substituteTicked ? v.substitute : null,
      },
      guardian: needsGuardian(v.age) ? { name: v.guardianName ?? "", email: v.guardianEmail ?? "" } : null,
    },
  };
}

type FormField = keyof SelfRegistrationValues;
const PERSON: readonly string[] = ["name", "email", "phone", "age"] satisfies FormField[];
const PARTICIPATION: readonly string[] = ["shirtSize", "specialDiets", "substitute"] satisfies FormField[];

/**
 * The sign-up form's field behind a field of the API body (`addVolunteerBodyOf` the other way round):
 * `volunteer.participation.shirtSize` → shirtSize, `volunteer.guardian.email` → guardianEmail. A path the
 * form has no field for (the link's hash, the language) → null.
 */
export function formFieldOf(apiField: string): FormField | null {
  const [root, first = "", second = ""] = apiField.split(".");
  if (root !== "volunteer") return null;
  if (first === "participation") return PARTICIPATION.includes(second) ? (second as FormField) : null;
  if (first === "guardian") return second === "email" ? "guardianEmail" : "guardianName";
  return PERSON.includes(first) ? (first as FormField) : null;
}

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────

const instantOut = () => z.iso.datetime({ offset: true });

/**
 * GET /api/public/self-registration/{eventId}/{hash}: what the sign-up page shows — the event, the group, the
 * stations of its accepted offers and the questions to ask — and no personal data.
 */
export const publicRegistration = z.object({
  eventId: z.string(),
  eventName: z.string(),
  date: z.string(),
  startTime: z.string(),
  city: z.string(),
  organizerName: z.string(),
  groupName: z.string(),
  stations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      start: instantOut(),
      end: instantOut(),
      municipality: z.string(),
      markerLocation: z.string(),
    }),
  ),
  /** Empty unless the event offers shirts (then a size is required). */
  shirtSizes: z.array(z.enum(SHIRT_SIZES)),
  /** Empty unless the event offers food with diets to choose from. */
  foodOptions: z.array(z.enum(FOOD_OPTIONS)),
  /** The event asks whether the volunteer replaces someone. */
  substitute: z.boolean(),
  /** The day the volunteer's data for the event is erased at the earliest (YYYY-MM-DD). */
  erasureDate: z.string(),
});
export type PublicRegistration = z.infer<typeof publicRegistration>;

/** POST /api/groups/addVolunteer → 201. */
export const addVolunteerResult = z.object({
  id: z.string(),
  /** A minor counts once their guardian has said yes (the guardian has been mailed). */
  awaitingGuardian: z.boolean(),
  /** Named on the group's station at once (the group has one accepted station there with room left). */
  named: z.boolean(),
});
export type AddVolunteerResult = z.infer<typeof addVolunteerResult>;

/** The links in the guardian's and the volunteer's mails: a signed token. */
export const mailLinkBody = z.object({ token: z.string().min(1).max(2000) });

/** What a guardian's link is about, for the page that asks before saying yes. */
export const guardianConsentPreview = z.object({
  volunteerName: z.string(),
  groupName: z.string(),
  eventName: z.string(),
  date: z.string(),
  stations: z.array(z.object({ name: z.string(), start: instantOut(), end: instantOut() })),
  confirmed: z.boolean(),
});
export type GuardianConsentPreview = z.infer<typeof guardianConsentPreview>;

/** What a removal link is about, for the page that asks before removing anyone. */
export const volunteerRemovalPreview = z.object({ volunteerName: z.string(), groupName: z.string() });
export type VolunteerRemovalPreview = z.infer<typeof volunteerRemovalPreview>;
