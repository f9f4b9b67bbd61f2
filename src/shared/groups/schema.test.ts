import { describe, expect, it } from "vitest";
import { availabilitiesBody, availability, groupBody, groupFields, groupUpdateBody, volunteer, volunteerForm } from "./schema.ts";

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

function errors(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  // The first message of a field is the one forms and the API show.
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join(".")] ??= i.message;
  return out;
}

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
    ).toBe("validation.required");
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
