import { describe, expect, it } from "vitest";
import { fieldMessages as errors } from "../../../tests/helpers/fields.ts";
import {
  availabilitiesBody,
  availabilitiesResult,
  availability,
  confirmBody,
  groupBody,
  groupFields,
  groupSummary,
  groupUpdateBody,
  groupView,
  volunteer,
  volunteerForm,
} from "./schema.ts";

const fields = {
  name: "IFK Exempel P12",
  organizationNumber: "802000-1239",
  organizationName: "IFK Exempel",
  municipality: "0180",
  numberOfMembers: 24,
  ages: ["12", "11"],
  sport: 26,
  skills: ["CHOIR_SINGING"],
};

describe("group fields", () => {
  it("accepts a complete group and orders the ages", () => {
    const parsed = groupFields.parse(fields);
    expect(parsed.ages).toEqual(["11", "12"]);
    expect(parsed.numberOfMembers).toBe(24);
  });

  it("requires the name with 3..250 characters", () => {
    expect(errors(groupFields.safeParse({ ...fields, name: " " })).name).toBe("validation.required");
    expect(errors(groupFields.safeParse({ ...fields, name: "IF" })).name).toBe("validation.min3");
    expect(errors(groupFields.safeParse({ ...fields, name: "x".repeat(251) })).name).toBe("validation.max250");
  });

  it("requires a real organisation number", () => {
    expect(errors(groupFields.safeParse({ ...fields, organizationNumber: "" })).organizationNumber).toBe("validation.required");
    expect(errors(groupFields.safeParse({ ...fields, organizationNumber: "802000-1238" })).organizationNumber).toBe(
      "validation.organisationNumber",
    );
    expect(errors(groupFields.safeParse({ ...fields, organizationNumber: "80-20001239" })).organizationNumber).toBe(
      "validation.organisationNumber",
    );
  });

  it("requires organisation name and a known municipality", () => {
    expect(errors(groupFields.safeParse({ ...fields, organizationName: "" })).organizationName).toBe("validation.required");
    expect(errors(groupFields.safeParse({ ...fields, municipality: "" })).municipality).toBe("validation.required");
    expect(errors(groupFields.safeParse({ ...fields, municipality: "9999" })).municipality).toBe("validation.oneOf");
    expect(groupFields.safeParse({ ...fields, municipality: "NO-0301" }).success).toBe(true);
  });

  it("requires at least one age from 10–17 and 18+", () => {
    expect(errors(groupFields.safeParse({ ...fields, ages: [] })).ages).toBe("validation.required");
    expect(errors(groupFields.safeParse({ ...fields, ages: ["9"] }))["ages.0"]).toBe("validation.oneOf");
    expect(groupFields.parse({ ...fields, ages: ["18+", "10"] }).ages).toEqual(["10", "18+"]);
  });

  it("takes numberOfMembers as a whole number of at least 0, from a number or form text", () => {
    expect(groupFields.parse({ ...fields, numberOfMembers: "12" }).numberOfMembers).toBe(12);
    expect(groupFields.parse({ ...fields, numberOfMembers: 0 }).numberOfMembers).toBe(0);
    expect(errors(groupFields.safeParse({ ...fields, numberOfMembers: "" })).numberOfMembers).toBe("validation.required");
    expect(errors(groupFields.safeParse({ ...fields, numberOfMembers: -1 })).numberOfMembers).toBe("validation.min0");
    expect(errors(groupFields.safeParse({ ...fields, numberOfMembers: 2.5 })).numberOfMembers).toBe("validation.integer");
    expect(errors(groupFields.safeParse({ ...fields, numberOfMembers: "tolv" })).numberOfMembers).toBe("validation.integer");
  });

  it("takes the sport as an id 0..68, none when empty", () => {
    expect(groupFields.parse({ ...fields, sport: null }).sport).toBe(0);
    expect(groupFields.parse({ ...fields, sport: "68" }).sport).toBe(68);
    expect(errors(groupFields.safeParse({ ...fields, sport: 69 })).sport).toBe("validation.oneOf");
  });

  it("takes skills from the spec's list only", () => {
    expect(groupFields.parse({ ...fields, skills: undefined }).skills).toEqual([]);
    expect(errors(groupFields.safeParse({ ...fields, skills: ["JUGGLING"] }))["skills.0"]).toBe("validation.oneOf");
  });
});

describe("volunteers in a group body", () => {
  const kim = { name: "Kim Berg", email: "kim@example.se", phone: "+46701234567", age: 13 };

  it("validates name, e-mail, phone (plus and digits) and age", () => {
    expect(volunteer.safeParse(kim).success).toBe(true);
    expect(volunteer.parse({ ...kim, name: "Bo", phone: "070-123 45 67" })).toMatchObject({ name: "Bo", phone: "+46701234567" });
    const bad = errors(volunteer.safeParse({ name: "", email: "kim", phone: "070/123", age: -1 }));
    expect(bad).toEqual({
      name: "validation.required",
      email: "validation.email",
      phone: "validation.phone",
      age: "validation.min0",
    });
  });

  it("refuses two volunteers with one e-mail in a group, whatever the case", () => {
    const result = groupBody.safeParse({ ...fields, volunteers: [kim, { ...kim, name: "Kim Två", email: "KIM@example.se" }] });
    expect(errors(result)["volunteers.1.email"]).toBe("groups.validation.emailAlreadyExists");
  });

  it("names a shared e-mail together with the other volunteers' missing fields, and reads no list that is none", () => {
    const body = groupBody.safeParse({
      ...fields,
      volunteers: [
        { ...kim, age: undefined },
        { ...kim, email: "KIM@example.se" },
      ],
    });
    expect(errors(body)).toEqual({
      "volunteers.0.age": "validation.required",
      "volunteers.1.email": "groups.validation.emailAlreadyExists",
    });
    expect(errors(groupBody.safeParse({ ...fields, volunteers: "Kim" }))).toEqual({ volunteers: expect.any(String) });
    expect(errors(groupBody.safeParse({ ...fields, volunteers: [null, { ...kim, email: 3 }] }))).toMatchObject({
      "volunteers.0": expect.any(String),
      "volunteers.1.email": expect.any(String),
    });
  });

  it("needs the version on an update", () => {
    expect(errors(groupUpdateBody.safeParse(fields)).version).toBe("validation.required");
    expect(groupUpdateBody.safeParse({ ...fields, version: 3 }).success).toBe(true);
  });
});

describe("volunteer form", () => {
  const values = { name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: "13" };

  it("refuses an e-mail another volunteer of the group has", () => {
    const form = volunteerForm([{ email: "Kim@example.se" }]);
    expect(errors(form.safeParse(values)).email).toBe("groups.validation.emailAlreadyExists");
    expect(volunteerForm([{ email: "ali@example.se" }]).safeParse(values).success).toBe(true);
  });

  it("requires the age, a whole number of at least 0", () => {
    expect(errors(volunteerForm([]).safeParse({ ...values, age: "" })).age).toBe("validation.required");
    expect(errors(volunteerForm([]).safeParse({ ...values, age: "12.5" })).age).toBe("validation.integer");
  });

  it("asks for a shirt size only when the event offers shirts", () => {
    expect(volunteerForm([]).safeParse(values).success).toBe(true);
    const withShirts = volunteerForm([], { shirtSizes: ["S", "M"] });
    expect(errors(withShirts.safeParse(values)).shirtSize).toBe("validation.required");
    expect(errors(withShirts.safeParse({ ...values, shirtSize: "XL" })).shirtSize).toBe("validation.oneOf");
    expect(withShirts.safeParse({ ...values, shirtSize: "M" }).success).toBe(true);
  });

  it("asks for the shirt size together with the fields still missing", () => {
    const withShirts = volunteerForm([], { shirtSizes: ["S", "M"] });
    expect(errors(withShirts.safeParse({ ...values, age: "" }))).toEqual({
      age: "validation.required",
      shirtSize: "validation.required",
    });
  });

  it("asks for the substitute text only when the box is ticked", () => {
    const form = volunteerForm([], { substitute: true });
    expect(form.safeParse({ ...values, substituteTicked: false }).success).toBe(true);
    expect(errors(form.safeParse({ ...values, substituteTicked: true, substitute: " " })).substitute).toBe("validation.required");
    expect(form.safeParse({ ...values, substituteTicked: true, substitute: "Ersätter Ali" }).success).toBe(true);
  });
});

describe("availability", () => {
  const eventId = "6f1c7a52-1f0e-4f57-9b52-6f2f0b0a1c11";

  it("requires type and location", () => {
    const bad = errors(availability.safeParse({ startDate: "2030-01-01", endDate: "2030-01-02", location: "" }));
    expect(bad.type).toBe("validation.required");
    expect(bad.location).toBe("validation.required");
  });

  it("requires real dates for a PERIOD, the end not before the start", () => {
    expect(errors(availability.safeParse({ type: "PERIOD", location: "0180" }))).toEqual({
      startDate: "validation.required",
      endDate: "validation.required",
    });
    expect(
      errors(availability.safeParse({ type: "PERIOD", startDate: "2030-02-30", endDate: "2030-03-01", location: "0180" }))
        .startDate,
    ).toBe("validation.dateFormat");
    expect(
      errors(availability.safeParse({ type: "PERIOD", startDate: "2030-01-02", endDate: "2030-01-01", location: "0180" }))
        .endDate,
    ).toBe("groups.validation.endBeforeStart");
    expect(
      availability.safeParse({ type: "PERIOD", startDate: "2030-01-02", endDate: "2030-01-02", location: "0180" }).success,
    ).toBe(true);
  });

  it("requires the event for an EVENT and drops what does not belong to the type", () => {
    expect(errors(availability.safeParse({ type: "EVENT", location: "0180" })).eventId).toBe("groups.validation.eventRequired");
    expect(
      availability.parse({ type: "EVENT", eventId, startDate: "2030-01-01", endDate: "2030-01-02", location: "0180" }),
    ).toEqual({
      type: "EVENT",
      eventId,
      startDate: null,
      endDate: null,
      location: "0180",
    });
    expect(
      availability.parse({ type: "PERIOD", eventId, startDate: "2030-01-01", endDate: "2030-01-02", location: "0180" }).eventId,
    ).toBeNull();
  });

  it("wraps the list with the version for PUT", () => {
    expect(availabilitiesBody.safeParse({ availabilities: [] }).success).toBe(false);
    expect(availabilitiesBody.safeParse({ version: 1, availabilities: [] }).success).toBe(true);
  });
});

describe("group fields in detail", () => {
  it("read an empty or missing sport as none, and anything but a sport id as wrong", () => {
    const { sport: _s, ...noSport } = fields;
    expect(groupFields.parse(noSport).sport).toBe(0);
    expect(groupFields.parse({ ...fields, sport: "" }).sport).toBe(0);
    expect(groupFields.parse({ ...fields, sport: 0 }).sport).toBe(0);
    for (const sport of [true, "fotboll", 2.5, -1, 69])
      expect(errors(groupFields.safeParse({ ...fields, sport })).sport, String(sport)).toBe("validation.oneOf");
  });

  it("caps the organisation's name and requires the ages as a list", () => {
    expect(errors(groupFields.safeParse({ ...fields, organizationName: "x".repeat(251) })).organizationName).toBe(
      "validation.max250",
    );
    expect(errors(groupFields.safeParse({ ...fields, ages: undefined })).ages).toBe("validation.required");
  });

  it("keeps the skills in the list's order", () => {
    expect(groupFields.parse({ ...fields, skills: ["STUNT", "ACROBATICS"] }).skills).toEqual(["ACROBATICS", "STUNT"]);
  });
});

describe("a volunteer's statements per event", () => {
  const kim = { name: "Kim Berg", email: "kim@example.se", phone: "+46701234567", age: 13 };
  const EVENT = "6f1c7a52-1f0e-4f57-9b52-6f2f0b0a1c11";
  const state = (p: object) => errors(volunteer.safeParse({ ...kim, participation: [{ eventId: EVENT, ...p }] }));

  it("are none by default, and kept trimmed with no diets by default", () => {
    expect(volunteer.parse(kim).participation).toEqual([]);
    expect(
      volunteer.parse({ ...kim, participation: [{ eventId: EVENT, shirtSize: "M", substitute: " Ada " }] }).participation,
    ).toEqual([{ eventId: EVENT, specialDiets: [], shirtSize: "M", substitute: "Ada" }]);
  });

  it("refuse what the spec does not know, by field", () => {
    expect(state({ eventId: "e1" })).toEqual({ "participation.0.eventId": "validation.invalid" });
    expect(state({ specialDiets: ["MEAT"] })).toEqual({ "participation.0.specialDiets.0": "validation.oneOf" });
    expect(state({ specialDiets: Array(6).fill("VEGAN") })).toHaveProperty("participation.0.specialDiets");
    expect(state({ specialDiets: Array(5).fill("VEGAN") })).toEqual({});
    expect(state({ shirtSize: "XXXL" })).toEqual({ "participation.0.shirtSize": "validation.oneOf" });
    expect(state({ substitute: "x".repeat(251) })).toEqual({ "participation.0.substitute": "validation.max250" });
    expect(state({ substitute: ` ${"x".repeat(250)} ` })).toEqual({});
  });

  it("take an id of at most 64 characters", () => {
    expect(volunteer.safeParse({ ...kim, id: "x".repeat(64) }).success).toBe(true);
    expect(errors(volunteer.safeParse({ ...kim, id: "x".repeat(65) }))).toHaveProperty("id");
  });
});

describe("a whole group body", () => {
  const kim = { name: "Kim Berg", email: "kim@example.se", phone: "+46701234567", age: 13 };
  const contact = { email: "eva@example.se" };
  const period = { type: "PERIOD", startDate: "2030-01-01", endDate: "2030-01-02", location: "0180" };

  it("has no contacts by default and takes lists of contacts, volunteers and availabilities", () => {
    expect(groupBody.parse(fields).contactPersons).toEqual([]);
    const parsed = groupBody.parse({ ...fields, contactPersons: [contact], volunteers: [kim], availabilities: [period] });
    expect(parsed.contactPersons).toEqual([contact]);
    expect(parsed.volunteers).toHaveLength(1);
    expect(parsed.availabilities).toEqual([{ ...period, id: undefined, eventId: null }]);
  });

  it("refuses a shared e-mail on update too, and nothing with one volunteer", () => {
    const twins = [kim, { ...kim, name: "Kim Två" }];
    expect(errors(groupUpdateBody.safeParse({ ...fields, version: 1, volunteers: twins }))).toEqual({
      "volunteers.1.email": "groups.validation.emailAlreadyExists",
    });
    expect(errors(groupBody.safeParse({ ...fields, volunteers: [kim] }))).toEqual({});
  });

  it("confirms a group at the version read", () => {
    expect(confirmBody.parse({ version: 4 })).toEqual({ version: 4 });
    expect(errors(confirmBody.safeParse({}))).toEqual({ version: "validation.required" });
  });
});

describe("availability in detail", () => {
  it("finds no event behind an id that is no id", () => {
    expect(errors(availability.safeParse({ type: "EVENT", eventId: "loppet", location: "0180" }))).toEqual({
      eventId: "groups.validation.eventNotFound",
    });
  });

  it("keeps the event's id in lowercase, and an id of at most 64 characters", () => {
    const eventId = "6F1C7A52-1F0E-4F57-9B52-6F2F0B0A1C11";
    expect(availability.parse({ id: "a1", type: "EVENT", eventId, location: "0180" })).toMatchObject({
      id: "a1",
      eventId: eventId.toLowerCase(),
    });
    expect(errors(availability.safeParse({ id: "x".repeat(65), type: "EVENT", eventId, location: "0180" }))).toHaveProperty("id");
  });
});

describe("the volunteer form in detail", () => {
  const values = { name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: "13" };

  it("starts with the substitute box unticked and trims the substitute", () => {
    expect(volunteerForm([]).parse(values).substituteTicked).toBe(false);
    expect(
      volunteerForm([], { substitute: true }).parse({ ...values, substituteTicked: true, substitute: " Ali " }).substitute,
    ).toBe("Ali");
  });

  it("caps the substitute at 250 characters", () => {
    const form = volunteerForm([], { substitute: true });
    expect(errors(form.safeParse({ ...values, substitute: "x".repeat(251) })).substitute).toBe("validation.max250");
    expect(form.safeParse({ ...values, substitute: ` ${"x".repeat(250)} ` }).success).toBe(true);
  });
});

describe("the group answers", () => {
  const contact = { id: "u1", email: "eva@example.se", name: "Eva", phone: "", creator: true };
  const kim = {
    id: "v1",
    name: "Kim Berg",
    email: "kim@example.se",
    phone: "+46701234567",
    age: 13,
    participation: [{ eventId: "e1", specialDiets: ["VEGAN"], shirtSize: "M", substitute: "Ada" }],
    guardian: { name: "Eva", email: "eva@example.se", confirmed: false },
  };
  const period = { id: "a1", type: "PERIOD", startDate: "2030-01-01", endDate: "2030-01-02", eventId: null, location: "0180" };
  const group = {
    id: "g1",
    name: "IFK P12",
    organizationNumber: "802000-1239",
    organizationName: "IFK",
    municipality: "0180",
    numberOfMembers: 24,
    ages: ["12"],
    sport: 26,
    skills: ["FLIPS"],
    status: "CONFIRMED",
    version: 3,
    contactPersons: [contact],
    volunteers: [kim, { ...kim, id: "v2", participation: [{ eventId: "e1", specialDiets: [] }], guardian: null }],
    availabilities: [period],
    payment: {
      method: "BANKGIRO",
      bankgiro: "50501055",
      plusgiro: null,
      clearingNumber: null,
      accountNumber: null,
      bankName: null,
      noCheckDigit: false,
      changedAt: "2030-01-01T10:00:00.000Z",
      changedDaysAgo: 3,
    },
    abilities: { edit: true, confirm: false, remove: false },
  };

  it("carry every field of a group with its contacts, volunteers and availabilities", () => {
    expect(groupView.parse(group)).toEqual(group);
  });

  it("sum a group up for lists, and answer a saved list of availabilities with the new version", () => {
    expect(groupSummary.parse(group)).toEqual({ id: "g1", name: "IFK P12", organizationName: "IFK", status: "CONFIRMED" });
    expect(availabilitiesResult.parse({ version: 4, availabilities: [period] })).toEqual({
      version: 4,
      availabilities: [period],
    });
  });
});
