import { z } from "zod";
import { UUID_PATTERN } from "../groups/schema.ts";
import { msg, requiredText } from "../validation.ts";
import { FILE_NAME_MAX } from "./files.ts";

/**
 * Send-outs (STAFFING §2, spec 02 §3): a message from an event's contact or a station's team leader to the
 * volunteers and/or group contacts of accepted offers at some of the event's stations, with files uploaded
 * for the event as attachments. One mail per address; each address's delivery is recorded.
 */

export const RECIPIENT_TYPES = ["VOLUNTEERS", "CONTACT_PERSONS"] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** Message ids of the send-out rules (texts in i18n/<lang>/sendouts.json). */
export const sendOutMsg = {
  unknownFile: "sendouts.validation.unknownFile",
  duplicate: "sendouts.validation.duplicate",
  oneFile: "sendouts.validation.oneFile",
  emptyFile: "sendouts.validation.emptyFile",
  fileName: "sendouts.validation.fileName",
  fileNameTaken: "sendouts.validation.fileNameTaken",
  eventFilesFull: "sendouts.validation.eventFilesFull",
  eventBytesFull: "sendouts.validation.eventBytesFull",
  tooManyFiles: "sendouts.validation.tooManyFiles",
  noAcceptedGroups: "sendouts.validation.noAcceptedGroups",
  noNamedVolunteers: "sendouts.validation.noNamedVolunteers",
} as const;

/** A subject is one line: it becomes a mail header. */
export const SUBJECT_MAX = 250;
/** Room for a day's instructions; far beyond that is not a mail people read. */
export const MESSAGE_MAX = 10_000;
/** Attachments of one send-out (their total is limited too: files.ts). */
export const ATTACHMENTS_MAX = 10;
/** Stations one send-out may name: every station of a large event. */
const STATIONS_MAX = 1000;

const uuid = () => z.string({ error: msg.required }).regex(UUID_PATTERN, { error: msg.invalid });
const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

// ── Requests ────────────────────────────────────────────────────────────────────────────────────────

export const eventFilesParams = z.object({ eventId: uuid() });
export const sendOutsParams = z.object({ eventId: uuid() });
export const sendOutParams = z.object({ eventId: uuid(), sendOutId: uuid() });
/** GET …/sendout/{sendOutId}/attachments/{name}: one of the send-out's attachments, by its name. */
export const sendOutAttachmentParams = sendOutParams.extend({
  name: z
    .string()
    .min(1, { error: msg.required })
    .max(FILE_NAME_MAX * 2, { error: sendOutMsg.unknownFile }),
});

/** An attachment names a file uploaded for the event; its type and size are what the server found. */
const attachment = z.object({
  name: requiredText().max(FILE_NAME_MAX * 2, { error: sendOutMsg.unknownFile }),
  type: z.string().max(200).optional(),
});

/** POST /api/events/{eventId}/sendout; also the form's rules. */
export const sendOutBody = z.object({
  stations: z
    .array(uuid(), { error: msg.required })
    .min(1, { error: msg.required })
    .max(STATIONS_MAX, { error: msg.invalid })
    .refine(unique, { error: sendOutMsg.duplicate }),
  recipientTypes: z
    .array(z.enum(RECIPIENT_TYPES, { error: msg.oneOf }), { error: msg.required })
    .min(1, { error: msg.required })
    .max(RECIPIENT_TYPES.length, { error: sendOutMsg.duplicate })
    .refine(unique, { error: sendOutMsg.duplicate }),
  // A line break in a subject would start a new mail header.
  subject: requiredText()
    .max(SUBJECT_MAX, { error: msg.max250 })
    .transform((s) => s.replace(/\s*[\r\n]+\s*/g, " ")),
  message: requiredText().max(MESSAGE_MAX, { error: msg.tooLong }),
  attachments: z
    .array(attachment)
    .max(ATTACHMENTS_MAX, { error: sendOutMsg.tooManyFiles })
    .refine((list) => unique(list.map((a) => a.name)), { error: sendOutMsg.duplicate })
    .default([]),
});
export type SendOutBody = z.output<typeof sendOutBody>;
export type SendOutInput = z.input<typeof sendOutBody>;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────

/** A stored file of an event: its checked name, the type found in its content, its size in bytes. */
export const fileView = z.object({ name: z.string(), type: z.string(), size: z.number().int() });
export type FileView = z.infer<typeof fileView>;

/**
 * 201 of POST …/files: the file as stored, and what the event's files come to with it (to show against
 * MAX_EVENT_FILES and MAX_EVENT_BYTES).
 */
export const fileUploaded = fileView.extend({
  eventFiles: z.object({ count: z.number().int(), bytes: z.number().int() }),
});
export type FileUploaded = z.infer<typeof fileUploaded>;

/** 201 of POST …/sendout. */
export const sendOutCreated = z.object({
  sendOutId: z.string(),
  /** Distinct addresses the send-out goes to. */
  recipients: z.number().int(),
  /** Names of groups with an accepted offer at the chosen stations but no named volunteers. */
  groupsWithoutVolunteers: z.array(z.string()),
});
export type SendOutCreated = z.infer<typeof sendOutCreated>;

/**
 * One row of GET …/sendout/stations: a station the reader may send to (a team leader's own), and how many a
 * send-out would reach there now, counted as the send-out counts (distinct addresses of accepted offers).
 */
export const sendOutStation = z.object({
  id: z.string(),
  name: z.string(),
  start: z.iso.datetime({ offset: true }),
  /** Groups with an accepted offer at the station. */
  acceptedGroups: z.number().int(),
  /** Their named volunteers, their contacts, and both together. */
  volunteers: z.number().int(),
  contactPersons: z.number().int(),
  everyone: z.number().int(),
});
export type SendOutStation = z.infer<typeof sendOutStation>;

/** One row of GET …/sendout, newest first. */
export const sendOutSummary = z.object({
  sendOutId: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  subject: z.string(),
  recipients: z.number().int(),
});
export type SendOutSummary = z.infer<typeof sendOutSummary>;

/** GET …/sendout/{sendOutId}: what was sent, to whom, and how its mails fared. */
export const sendOutView = z.object({
  sendOutId: z.string(),
  eventId: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The sender's name ("" when the account is gone). */
  sender: z.string(),
  /** Station ids, and their names in the same order (a removed station has no name). */
  stations: z.array(z.string()),
  stationNames: z.array(z.string()),
  recipientTypes: z.array(z.enum(RECIPIENT_TYPES)),
  subject: z.string(),
  message: z.string(),
  attachments: z.array(fileView),
  recipients: z.number().int(),
  groupsWithoutVolunteers: z.array(z.string()),
  /** Mails not yet accepted by the mail server, accepted by it, and given up on. */
  queued: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** The attachments can be opened by the event's contacts and by the sender (a team leader). */
  abilities: z.object({ openAttachments: z.boolean() }),
});
export type SendOutView = z.infer<typeof sendOutView>;
