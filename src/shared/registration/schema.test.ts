import { describe, expect, it } from "vitest";
import { fieldMessages as errors } from "../../../tests/helpers/fields.ts";
import { msg } from "../validation.ts";
import {
  addVolunteerBody,
  addVolunteerBodyOf,
  addVolunteerResult,
  formFieldOf,
  guardianConsentPreview,
  linkBody,
  linkResult,
  mailLinkBody,
  publicRegistration,
  registrationMsg,
  registrationParams,
  registrationVolunteer,
  selfRegistrationForm,
  volunteerRemovalPreview,
} from "./schema.ts";

const EVENT = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const GROUP = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";

describe("the group's sign-up link", () => {
  it("is asked for with a group and an event id, and renewed on request", () => {
    expect(linkBody.parse({ groupId: GROUP, eventId: EVENT })).toEqual({ groupId: GROUP, eventId: EVENT });
    expect(linkBody.parse({ groupId: GROUP, eventId: EVENT, renew: true }).renew).toBe(true);
  });

  it("refuses a missing id as required and another text as invalid", () => {
    expect(errors(linkBody.safeParse({ eventId: EVENT }))).toEqual({ groupId: msg.required });
    expect(errors(linkBody.safeParse({ groupId: GROUP, eventId: "42" }))).toEqual({ eventId: msg.invalid });
  });

  it("answers with the path and the address", () => {
    const answer = { link: "/self-registration/IFK/e/h", url: "https://bemanna.se/self-registration/IFK/e/h" };
    expect(linkResult.parse(answer)).toEqual(answer);
  });

  it("is opened with an event id of at most 64 characters and a hash of 1..200", () => {
    expect(registrationParams.parse({ eventId: "e1", hash: "h" })).toEqual({ eventId: "e1", hash: "h" });
    expect(registrationParams.safeParse({ eventId: "e".repeat(64), hash: "h".repeat(200) }).success).toBe(true);
    expect(registrationParams.safeParse({ eventId: "e".repeat(65), hash: "h" }).success).toBe(false);
    expect(errors(registrationParams.safeParse({ eventId: "e1", hash: "" }))).toEqual({ hash: msg.required });
    expect(errors(registrationParams.safeParse({ eventId: "e1" }))).toEqual({ hash: msg.required });
    expect(errors(registrationParams.safeParse({ eventId: "e1", hash: "h".repeat(201) }))).toEqual({ hash: msg.invalid });
  });
});

describe("a volunteer signing up through the link", () => {
  const adult = { name: "Kim Berg", email: "kim@example.se", phone: "070-123 45 67", age: 30 };
  const minor = { ...adult, age: 13 };
  const guardian = { name: "Eva Berg", email: "eva@example.se" };

  it("is stored with an international phone and no answers by default", () => {
    expect(registrationVolunteer.parse(adult)).toEqual({
      name: "Kim Berg",
      email: "kim@example.se",
      phone: "+46701234567",
      age: 30,
      participation: { specialDiets: [] },
    });
    expect(registrationVolunteer.parse({ ...adult, participation: {} }).participation).toEqual({ specialDiets: [] });
  });

  it("keeps the answers to the event's questions", () => {
    const participation = { eventId: EVENT, specialDiets: ["VEGAN"], shirtSize: "M", substitute: "  Ada Ek " };
    expect(registrationVolunteer.parse({ ...adult, id: "x".repeat(64), participation }).participation).toEqual({
      ...participation,
      substitute: "Ada Ek",
    });
  });

  it("refuses answers the spec does not know, by field", () => {
    const answer = (participation: object) => errors(registrationVolunteer.safeParse({ ...adult, participation }));
    expect(answer({ specialDiets: ["MEAT"] })).toEqual({ "participation.specialDiets.0": msg.oneOf });
    expect(answer({ specialDiets: ["VEGAN", "VEGAN", "VEGAN", "VEGAN", "VEGAN", "VEGAN"] })).toHaveProperty(
      "participation.specialDiets",
    );
    expect(answer({ shirtSize: "XXXL" })).toEqual({ "participation.shirtSize": msg.oneOf });
    expect(answer({ substitute: "x".repeat(251) })).toEqual({ "participation.substitute": msg.max250 });
    expect(answer({ substitute: ` ${"x".repeat(250)} ` })).toEqual({});
    expect(answer({ eventId: "e".repeat(65) })).toHaveProperty("participation.eventId");
    expect(answer({ eventId: "e".repeat(64) })).toEqual({});
    expect(errors(registrationVolunteer.safeParse({ ...adult, id: "x".repeat(65) }))).toHaveProperty("id");
  });

  it("names a guardian when under 18, who is someone else", () => {
    expect(registrationVolunteer.parse({ ...minor, guardian }).guardian).toEqual(guardian);
    expect(errors(registrationVolunteer.safeParse(minor))).toEqual({ "guardian.name": msg.required });
    expect(errors(registrationVolunteer.safeParse({ ...minor, guardian: null }))).toEqual({ "guardian.name": msg.required });
    expect(errors(registrationVolunteer.safeParse({ ...minor, guardian: { ...guardian, email: " KIM@example.se" } }))).toEqual({
      "guardian.email": registrationMsg.guardianSelf,
    });
    expect(errors(registrationVolunteer.safeParse({ ...minor, guardian: { name: "", email: "eva" } }))).toEqual({
      "guardian.name": msg.required,
      "guardian.email": msg.email,
    });
  });

  it("names no guardian from 18, nor when the age itself is wrong", () => {
    expect(registrationVolunteer.safeParse({ ...adult, age: 18 }).success).toBe(true);
    expect(errors(registrationVolunteer.safeParse({ ...adult, age: undefined }))).toEqual({ age: msg.required });
    expect(errors(registrationVolunteer.safeParse({ ...adult, age: true }))).toEqual({ age: msg.integer });
  });

  it("is sent with the link's hash and event, and the page's language", () => {
    const body = { hash: "h", eventId: EVENT, volunteer: adult, language: "en" };
    expect(addVolunteerBody.parse(body)).toMatchObject({ hash: "h", eventId: EVENT, language: "en", volunteer: { age: 30 } });
    expect(errors(addVolunteerBody.safeParse({ ...body, eventId: undefined }))).toEqual({ eventId: msg.required });
    expect(errors(addVolunteerBody.safeParse({ ...body, eventId: "e".repeat(65) }))).toHaveProperty("eventId");
    expect(addVolunteerBody.safeParse({ ...body, eventId: "e".repeat(64) }).success).toBe(true);
    expect(errors(addVolunteerBody.safeParse({ ...body, language: "de" }))).toHaveProperty("language");
    expect(errors(addVolunteerBody.safeParse({ ...body, hash: "" }))).toEqual({ hash: msg.required });
  });
});

describe("the sign-up form", () => {
  const questions = { shirtSizes: ["S", "M"], foodOptions: ["VEGAN"], substitute: true };
  const form = selfRegistrationForm(questions);
  const adult = { name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: "30", shirtSize: "M" };
  const minor = { ...adult, age: "13" };

  it("reads the page's fields, with no diets and the box unticked by default", () => {
    expect(form.parse(adult)).toEqual({
      name: "Kim Berg",
      email: "kim@example.se",
      phone: "+46701234567",
      age: 30,
      shirtSize: "M",
      specialDiets: [],
      substituteTicked: false,
    });
  });

  it("trims the texts and lowercases the guardian's address", () => {
    const parsed = form.parse({ ...minor, substitute: " Ada ", guardianName: " Eva Berg ", guardianEmail: " EVA@Example.se " });
    expect(parsed).toMatchObject({ substitute: "Ada", guardianName: "Eva Berg", guardianEmail: "eva@example.se" });
  });

  it("puts each answer's issue on its own field", () => {
    expect(errors(form.safeParse({ ...adult, shirtSize: null }))).toEqual({ shirtSize: msg.required });
    expect(errors(form.safeParse({ ...adult, specialDiets: ["MEAT"] }))).toEqual({ specialDiets: msg.oneOf });
    expect(errors(form.safeParse({ ...adult, substituteTicked: true, substitute: " " }))).toEqual({ substitute: msg.required });
  });

  it("caps the substitute's and the guardian's names at 250 characters", () => {
    const long = "x".repeat(251);
    expect(errors(form.safeParse({ ...adult, substitute: long }))).toEqual({ substitute: msg.max250 });
    expect(errors(form.safeParse({ ...adult, guardianName: long }))).toEqual({ guardianName: msg.max250 });
    expect(form.safeParse({ ...adult, substitute: ` ${"x".repeat(250)} `, guardianName: ` ${"x".repeat(250)} ` }).success).toBe(
      true,
    );
  });

  it("asks a minor for the guardian's name and a real address that is not the volunteer's own", () => {
    expect(errors(form.safeParse(minor))).toEqual({ guardianName: msg.required, guardianEmail: msg.required });
    expect(errors(form.safeParse({ ...minor, guardianName: "Eva", guardianEmail: "eva" }))).toEqual({ guardianEmail: msg.email });
    expect(errors(form.safeParse({ ...minor, guardianName: "Eva", guardianEmail: " Kim@Example.se" }))).toEqual({
      guardianEmail: registrationMsg.guardianSelf,
    });
    expect(form.safeParse({ ...minor, guardianName: "Eva", guardianEmail: "eva@example.se" }).success).toBe(true);
  });

  it("asks for the answers and a minor's guardian together with the fields still missing", () => {
    expect(errors(form.safeParse({ ...minor, name: "", phone: undefined, shirtSize: null }))).toEqual({
      name: msg.required,
      phone: msg.required,
      shirtSize: msg.required,
      guardianName: msg.required,
      guardianEmail: msg.required,
    });
    expect(errors(form.safeParse({ ...adult, age: "", shirtSize: "" }))).toEqual({ age: msg.required, shirtSize: msg.required });
    // Fields that failed their own rules reach the answers' rule as sent, and do not trip it up.
    expect(
      errors(form.safeParse({ ...adult, specialDiets: "VEGAN", shirtSize: 7, substitute: 3, substituteTicked: true })),
    ).toEqual({
      specialDiets: expect.any(String),
      shirtSize: expect.any(String),
      substitute: expect.any(String),
    });
  });

  it("asks nobody over 17 for a guardian, nor when the age is missing", () => {
    expect(errors(form.safeParse({ ...adult, age: "18" }))).toEqual({});
    expect(errors(form.safeParse({ ...adult, age: "" }))).toEqual({ age: msg.required });
    expect(errors(form.safeParse({ ...adult, age: true }))).toEqual({ age: msg.integer });
  });
});

describe("the body a filled-in form sends", () => {
  const link = { hash: "h", eventId: EVENT };
  const values = {
    name: "Kim Berg",
    email: "kim@example.se",
    phone: "+46701234567",
    age: 30,
    shirtSize: "M",
    specialDiets: ["VEGAN"],
    substituteTicked: true,
    substitute: "Ada",
    guardianName: "Eva",
    guardianEmail: "eva@example.se",
  };

  it("carries the answers and no guardian for an adult", () => {
    expect(addVolunteerBodyOf(values, link, "sv")).toEqual({
      hash: "h",
      eventId: EVENT,
      language: "sv",
      volunteer: {
        name: "Kim Berg",
        email: "kim@example.se",
        phone: "+46701234567",
        age: 30,
        participation: { eventId: EVENT, specialDiets: ["VEGAN"], shirtSize: "M", substitute: "Ada" },
        guardian: null,
      },
    });
  });

  it("sends no shirt size for an empty choice, no substitute unticked, and the guardian of a minor", () => {
    const body = addVolunteerBodyOf({ ...values, age: 13, shirtSize: "", substituteTicked: false }, link);
    expect(body.volunteer.participation).toEqual({ eventId: EVENT, specialDiets: ["VEGAN"], shirtSize: null, substitute: null });
    expect(body.volunteer.guardian).toEqual({ name: "Eva", email: "eva@example.se" });
    const blank = addVolunteerBodyOf({ ...values, age: 13, guardianName: undefined, guardianEmail: null }, link);
    expect(blank.volunteer.guardian).toEqual({ name: "", email: "" });
  });

  it("is what the API body takes", () => {
    const minor = { ...values, age: 13 };
    expect(addVolunteerBody.safeParse(addVolunteerBodyOf(minor, link)).success).toBe(true);
  });
});

describe("the form's field behind an API field", () => {
  it.each([
    ["volunteer.name", "name"],
    ["volunteer.email", "email"],
    ["volunteer.phone", "phone"],
    ["volunteer.age", "age"],
    ["volunteer.participation.shirtSize", "shirtSize"],
    ["volunteer.participation.specialDiets", "specialDiets"],
    ["volunteer.participation.specialDiets.0", "specialDiets"],
    ["volunteer.participation.substitute", "substitute"],
    ["volunteer.participation.eventId", null],
    ["volunteer.participation", null],
    ["volunteer.guardian.email", "guardianEmail"],
    ["volunteer.guardian.name", "guardianName"],
    ["volunteer.guardian", "guardianName"],
    ["volunteer.id", null],
    ["volunteer", null],
    ["hash", null],
    ["language", null],
    ["name", null],
    ["guardian.email", null],
    ["other.participation.shirtSize", null],
  ])("%s → %s", (apiField, formField) => {
    expect(formFieldOf(apiField)).toBe(formField);
  });
});

describe("the answers", () => {
  const instant = "2030-06-10T08:00:00+02:00";

  it("show the sign-up page its event, group, stations and questions", () => {
    const page = {
      eventId: EVENT,
      eventName: "Midsommarloppet",
      date: "2030-06-10",
      startTime: "10:00",
      city: "Stockholm",
      organizerName: "Hammarby IF",
      groupName: "Hammarby P12",
      stations: [{ id: "s1", name: "Vätska", start: instant, end: instant, municipality: "0180", markerLocation: "Km 5" }],
      shirtSizes: ["S"],
      foodOptions: ["VEGAN"],
      substitute: true,
      erasureDate: "2030-07-18",
    };
    expect(publicRegistration.parse(page)).toEqual(page);
    expect(
      publicRegistration.safeParse({ ...page, stations: [{ ...page.stations[0], start: "2030-06-10 08:00" }] }).success,
    ).toBe(false);
  });

  it("tell whether a new volunteer waits for a guardian and was named at once", () => {
    const result = { id: "v1", awaitingGuardian: true, named: false };
    expect(addVolunteerResult.parse(result)).toEqual(result);
  });

  it("take a mail link's token of 1..2000 characters", () => {
    expect(mailLinkBody.parse({ token: "t" })).toEqual({ token: "t" });
    expect(mailLinkBody.safeParse({ token: "t".repeat(2000) }).success).toBe(true);
    expect(mailLinkBody.safeParse({ token: "" }).success).toBe(false);
    expect(mailLinkBody.safeParse({ token: "t".repeat(2001) }).success).toBe(false);
  });

  it("show the guardian and the removal pages what the link is about", () => {
    const consent = {
      volunteerName: "Kim Berg",
      groupName: "Hammarby P12",
      eventName: "Midsommarloppet",
      date: "2030-06-10",
      stations: [{ name: "Vätska", start: instant, end: instant }],
      confirmed: false,
    };
    expect(guardianConsentPreview.parse(consent)).toEqual(consent);
    const removal = { volunteerName: "Kim Berg", groupName: "Hammarby P12" };
    expect(volunteerRemovalPreview.parse(removal)).toEqual(removal);
  });
});
