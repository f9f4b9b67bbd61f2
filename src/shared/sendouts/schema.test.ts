import { describe, expect, it } from "vitest";
import { fieldMessages as errors } from "../../../tests/helpers/fields.ts";
import { msg } from "../validation.ts";
import { FILE_NAME_MAX } from "./files.ts";
import {
  eventFilesParams,
  fileView,
  sendOutAttachmentParams,
  sendOutBody,
  sendOutCreated,
  sendOutMsg,
  sendOutParams,
  sendOutSummary,
  sendOutsParams,
  sendOutView,
} from "./schema.ts";

const EVENT = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const S1 = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";
const S2 = "6f1c7a52-1f0e-4f57-9b52-6f2f0b0a1c11";

describe("a send-out's body (spec 02 §3)", () => {
  const body = { stations: [S1], recipientTypes: ["VOLUNTEERS"], subject: "Samling", message: "Välkomna kl 7." };
  const check = (changes: Record<string, unknown>) => errors(sendOutBody.safeParse({ ...body, ...changes }));

  it("takes stations, recipients, subject and message, with no attachments by default", () => {
    expect(sendOutBody.parse(body)).toEqual({ ...body, attachments: [] });
    const attachments = [{ name: "karta.pdf", type: "application/pdf" }, { name: "schema.xlsx" }];
    expect(sendOutBody.parse({ ...body, attachments }).attachments).toEqual(attachments);
  });

  it("needs at least one station, each once, each an id", () => {
    expect(check({ stations: undefined })).toEqual({ stations: msg.required });
    expect(check({ stations: [] })).toEqual({ stations: msg.required });
    expect(check({ stations: [S1, S1] })).toEqual({ stations: sendOutMsg.duplicate });
    expect(check({ stations: [S1, S2] })).toEqual({});
    expect(check({ stations: ["s1"] })).toEqual({ "stations.0": msg.invalid });
    expect(check({ stations: Array(1001).fill(S1) })).toEqual({ stations: msg.invalid });
  });

  it("goes to volunteers, contact persons or both, each named once", () => {
    expect(check({ recipientTypes: undefined })).toEqual({ recipientTypes: msg.required });
    expect(check({ recipientTypes: [] })).toEqual({ recipientTypes: msg.required });
    expect(check({ recipientTypes: ["VOLUNTEERS", "CONTACT_PERSONS"] })).toEqual({});
    expect(check({ recipientTypes: ["PRESS"] })).toEqual({ "recipientTypes.0": msg.oneOf });
    expect(check({ recipientTypes: ["VOLUNTEERS", "VOLUNTEERS"] })).toEqual({ recipientTypes: sendOutMsg.duplicate });
    expect(check({ recipientTypes: ["VOLUNTEERS", "CONTACT_PERSONS", "VOLUNTEERS"] })).toEqual({
      recipientTypes: sendOutMsg.duplicate,
    });
  });

  it("keeps the subject on one line and within 250 characters", () => {
    expect(sendOutBody.parse({ ...body, subject: "Samling\r\n  i morgon\n" }).subject).toBe("Samling i morgon");
    expect(sendOutBody.parse({ ...body, subject: "Samling\ni morgon" }).subject).toBe("Samling i morgon");
    expect(check({ subject: " " })).toEqual({ subject: msg.required });
    expect(check({ subject: "x".repeat(251) })).toEqual({ subject: msg.max250 });
    expect(check({ subject: "x".repeat(250) })).toEqual({});
  });

  it("needs a message of at most 10 000 characters", () => {
    expect(check({ message: "" })).toEqual({ message: msg.required });
    expect(check({ message: "x".repeat(10_001) })).toEqual({ message: msg.tooLong });
    expect(check({ message: "x".repeat(10_000) })).toEqual({});
  });

  it("attaches at most 10 files, each once, each named as a stored file can be", () => {
    const file = (name: string) => ({ name });
    const ten = Array.from({ length: 10 }, (_, i) => file(`${i}.pdf`));
    expect(check({ attachments: ten })).toEqual({});
    expect(check({ attachments: [...ten, file("10.pdf")] })).toEqual({ attachments: sendOutMsg.tooManyFiles });
    expect(check({ attachments: [file("a.pdf"), file("a.pdf")] })).toEqual({ attachments: sendOutMsg.duplicate });
    expect(check({ attachments: [file("")] })).toEqual({ "attachments.0.name": msg.required });
    expect(check({ attachments: [file("x".repeat(241))] })).toEqual({ "attachments.0.name": sendOutMsg.unknownFile });
    expect(check({ attachments: [file("x".repeat(240))] })).toEqual({});
    expect(check({ attachments: [{ name: "a.pdf", type: "x".repeat(201) }] })).toHaveProperty("attachments.0.type");
    expect(check({ attachments: [{ name: "a.pdf", type: "x".repeat(200) }] })).toEqual({});
  });
});

describe("the send-outs' paths", () => {
  it("name the event, and the send-out, by their ids", () => {
    expect(eventFilesParams.parse({ eventId: EVENT })).toEqual({ eventId: EVENT });
    expect(sendOutsParams.parse({ eventId: EVENT })).toEqual({ eventId: EVENT });
    expect(sendOutParams.parse({ eventId: EVENT, sendOutId: S1 })).toEqual({ eventId: EVENT, sendOutId: S1 });
    expect(errors(sendOutParams.safeParse({ eventId: EVENT }))).toEqual({ sendOutId: msg.required });
    expect(errors(sendOutParams.safeParse({ eventId: "e1", sendOutId: S1 }))).toEqual({ eventId: msg.invalid });
  });

  it("name an attachment of a send-out by its file name, which may not be empty or longer than a file name", () => {
    const ids = { eventId: EVENT, sendOutId: S1 };
    expect(sendOutAttachmentParams.parse({ ...ids, name: "Välkomstbrev.pdf" })).toEqual({ ...ids, name: "Välkomstbrev.pdf" });
    expect(errors(sendOutAttachmentParams.safeParse({ ...ids, name: "" }))).toEqual({ name: msg.required });
    expect(sendOutAttachmentParams.safeParse({ ...ids, name: "a".repeat(FILE_NAME_MAX * 2) }).success).toBe(true);
    expect(errors(sendOutAttachmentParams.safeParse({ ...ids, name: "a".repeat(FILE_NAME_MAX * 2 + 1) }))).toEqual({
      name: sendOutMsg.unknownFile,
    });
    expect(errors(sendOutAttachmentParams.safeParse({ eventId: EVENT, sendOutId: "x", name: "a.pdf" }))).toEqual({
      sendOutId: msg.invalid,
    });
  });
});

describe("the send-out answers", () => {
  const instant = "2030-06-10T08:00:00+02:00";

  it("describe a stored file, a new send-out and a row of the list", () => {
    const file = { name: "karta.pdf", type: "application/pdf", size: 1024 };
    expect(fileView.parse(file)).toEqual(file);
    const created = { sendOutId: "o1", recipients: 12, groupsWithoutVolunteers: ["IFK"] };
    expect(sendOutCreated.parse(created)).toEqual(created);
    const row = { sendOutId: "o1", createdAt: instant, subject: "Samling", recipients: 12 };
    expect(sendOutSummary.parse(row)).toEqual(row);
    expect(sendOutSummary.safeParse({ ...row, createdAt: "2030-06-10T08:00" }).success).toBe(false);
  });

  it("tell what was sent, to whom, and how its mails fared", () => {
    const view = {
      sendOutId: "o1",
      eventId: EVENT,
      createdAt: instant,
      sender: "Eva",
      stations: [S1],
      stationNames: ["Entrén"],
      recipientTypes: ["VOLUNTEERS", "CONTACT_PERSONS"],
      subject: "Samling",
      message: "Välkomna",
      attachments: [{ name: "karta.pdf", type: "application/pdf", size: 1024 }],
      recipients: 12,
      groupsWithoutVolunteers: [],
      queued: 1,
      delivered: 10,
      failed: 1,
      abilities: { openAttachments: true },
    };
    expect(sendOutView.parse(view)).toEqual(view);
    expect(sendOutView.safeParse({ ...view, createdAt: "2030-06-10T08:00" }).success).toBe(false);
    // Whether the reader may open the attachments is always said.
    const { abilities: _, ...without } = view;
    expect(sendOutView.safeParse(without).success).toBe(false);
  });
});
