import { z } from "zod";

/**
 * Texts (issue 24): the contract of the calls. Incoming texts and delivery reports come as the 46elks
 * gateway posts them (form fields); the rest is the API's JSON.
 */

/** Message ids of the texts' rules (texts in i18n/<lang>/checkin.json). */
export const smsMsg = {
  enabled: "checkin.texts.validation.enabled",
} as const;

/** POST /api/events/{eventId}/day-before, and GET of the same for what it would send now. */
export const dayBeforeResult = z.object({
  /** Volunteers texted now (a mobile number, no STOPP, texts on for the event). */
  texted: z.number().int(),
  /** Volunteers mailed now: every one not reminded of the station before. */
  mailed: z.number().int(),
  /** Volunteers already reminded of that station (each is reminded once). */
  skipped: z.number().int(),
});
export type DayBeforeResult = z.infer<typeof dayBeforeResult>;

export const TEXT_STATUSES = ["QUEUED", "SENT", "DELIVERED", "FAILED"] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

export const TEXT_KINDS = ["dayBefore", "declined", "morning", "offerReminder"] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/**
 * Why a text was not delivered: the provider refused the number or text, it could not be reached on any
 * try, the number said STOPP, texts were turned off for the event, or the operator reported it undelivered.
 */
export const TEXT_FAILURES = ["REFUSED", "UNREACHABLE", "STOPPED", "OFF", "UNDELIVERED"] as const;
export type TextFailure = (typeof TEXT_FAILURES)[number];

/** GET /api/events/{eventId}/texts: the organizer's view of the event's texts. */
export const textsView = z.object({
  enabled: z.boolean(),
  counts: z.object({
    queued: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
  }),
  /** The texts that could not be delivered, newest first (at most 100): whom to reach another way. */
  failed: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      name: z.string().nullable(),
      kind: z.enum(TEXT_KINDS),
      reason: z.enum(TEXT_FAILURES),
      at: z.iso.datetime({ offset: true }),
    }),
  ),
  abilities: z.object({ change: z.boolean(), remind: z.boolean() }),
});
export type TextsView = z.infer<typeof textsView>;

/** PUT /api/events/{eventId}/texts: texts on or off for the event. */
export const textsBody = z.object({ enabled: z.boolean({ error: smsMsg.enabled }) });

const field = (max: number) => z.string().max(max);

/** POST /api/sms/incoming/{secret}: a text to our number, as 46elks posts it. */
export const incomingText = z.object({
  id: field(100).min(1),
  from: field(40).min(1),
  to: field(40).default(""),
  message: field(2000).default(""),
  created: field(60).default(""),
});

/** POST /api/sms/delivery/{secret}: 46elks's delivery report of a text we sent. */
export const deliveryReport = z.object({
  id: field(100).min(1),
  status: field(40),
  delivered: field(60).optional(),
});

export const secretParams = z.object({ secret: z.string().max(200) });

/** One kept text, as /api/dev/sms lists it (development only). */
export const keptText = z.object({
  id: z.string(),
  to: z.string(),
  message: z.string(),
  kind: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
