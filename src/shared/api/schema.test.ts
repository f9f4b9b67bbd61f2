import { describe, expect, it } from "vitest";
import { errorStatus } from "../errors.ts";
import { emptyBody, errorBody, healthBody, keptMail, noContent, openApiDocument, responses } from "./schema.ts";

describe("error bodies (API.md)", () => {
  it("carry one of the known codes, a message and field message ids", () => {
    const body = { code: "ValidationError", message: "Invalid", fields: { "stations.0.name": "validation.required" } };
    expect(errorBody.parse(body)).toEqual(body);
    expect(errorBody.safeParse({ code: "Teapot", message: "" }).success).toBe(false);
    for (const code of Object.keys(errorStatus)) expect(errorBody.safeParse({ code, message: "" }).success, code).toBe(true);
  });

  it("answer every 4xx and 5xx of a route, beside its success answers", () => {
    const ok = healthBody;
    expect(responses({ 200: ok })).toEqual({ 200: ok, "4xx": errorBody, "5xx": errorBody });
  });
});

describe("the shared answers", () => {
  it("are empty objects with nothing else, or no content at all", () => {
    expect(emptyBody.parse({})).toEqual({});
    expect(emptyBody.safeParse({ done: true }).success).toBe(false);
    expect(noContent.parse(null)).toBeNull();
    expect(noContent.meta()).toEqual({ description: "No content" });
  });

  it("report health as ok and nothing more", () => {
    expect(healthBody.parse({ status: "ok", engine: "pg" })).toEqual({ status: "ok" });
    expect(healthBody.safeParse({ status: "" }).success).toBe(false);
  });

  it("show the development mailbox's mails, sent or not yet", () => {
    const mail = {
      id: "m1",
      to: "eva@example.se",
      subject: "Välkommen",
      text: "Hej",
      createdAt: "2030-06-10T08:00:00+02:00",
      sentAt: null,
    };
    expect(keptMail.parse(mail)).toEqual(mail);
    expect(keptMail.parse({ ...mail, sentAt: "2030-06-10T08:00:01+02:00" }).sentAt).toBe("2030-06-10T08:00:01+02:00");
  });

  it("describe the OpenAPI document by its version, title and paths, keeping the rest", () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "Bemanna", version: "1", summary: "x" },
      paths: { "/api/health": {} },
      tags: [],
    };
    expect(openApiDocument.parse(doc)).toEqual(doc);
    expect(openApiDocument.safeParse({ ...doc, info: { title: "Bemanna" } }).success).toBe(false);
  });
});
