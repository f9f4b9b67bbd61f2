import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groups } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser, uniqueEmail } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";

let app: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let anna: User;
let bertil: User;
let outsider: User;

beforeAll(async () => {
  app = await createTestApp();
  anna = await buildUser(app, { firstName: "Anna", lastName: "Andersson", phone: "0701111111" });
  bertil = await buildUser(app, { firstName: "Bertil", lastName: "Berg", phone: "0702222222" });
  outsider = await buildUser(app, { firstName: "Olle", lastName: "Utanför" });
});
afterAll(async () => {
  await app.close();
});

function groupBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "IFK Exempel P12",
    organizationNumber: "802000-1239",
    organizationName: "IFK Exempel",
    municipality: "0180",
    numberOfMembers: 24,
    ages: ["12", "13"],
    sport: 26,
    skills: ["CHOIR_SINGING"],
    contactPersons: [],
    ...overrides,
  };
}

const kim = { name: "Kim Berg", email: "kim@example.se", phone: "+46701234567", age: 13 };
const ali = { name: "Ali Said", email: "ali@example.se", phone: "0707654321", age: 12 };

async function createGroup(user: User, overrides: Record<string, unknown> = {}) {
  const res = await call(app.server, "POST", "/api/groups", { token: user.token, body: groupBody(overrides) });
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The group as stored, read back by its contact; PUT sends the whole of it with the version. */
async function read(user: User, id: string) {
  const res = await call(app.server, "GET", `/api/groups/${id}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
}

function put(user: User, id: string, body: Record<string, unknown>) {
  return call(app.server, "PUT", `/api/groups/${id}`, { token: user.token, body });
}

describe("POST /api/groups", () => {
  it("creates a DRAFT group whose creator is its contact, members as an integer", async () => {
    const res = await call(app.server, "POST", "/api/groups", {
      token: anna.token,
      body: groupBody({ numberOfMembers: "24", volunteers: [kim], availabilities: [] }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "IFK Exempel P12",
      organizationNumber: "802000-1239",
      numberOfMembers: 24,
      ages: ["12", "13"],
      sport: 26,
      skills: ["CHOIR_SINGING"],
      status: "DRAFT",
      version: 1,
      availabilities: [],
    });
    expect(res.body.contactPersons).toEqual([
      { id: anna.user && expect.any(String), email: anna.email, name: "Anna Andersson", phone: "+46701111111", creator: true },
    ]);
    expect(res.body.volunteers).toEqual([{ ...kim, id: expect.any(String), participation: [], guardian: null }]);
  });

  it("adds the listed contacts, and leaves out those marked toBeDeleted", async () => {
    const g = await createGroup(anna, {
      contactPersons: [
        { email: anna.email, name: "Anna Andersson" },
        { email: bertil.email.toUpperCase(), name: "Bertil Berg" },
        { email: outsider.email, name: "Olle", toBeDeleted: true },
      ],
    });
    expect(g.contactPersons.map((c: { email: string }) => c.email).sort()).toEqual([anna.email, bertil.email].sort());
  });

  it("refuses a contact who is not a user, naming the field", async () => {
    const res = await call(app.server, "POST", "/api/groups", {
      token: anna.token,
      body: groupBody({ contactPersons: [{ email: uniqueEmail("nobody"), name: "X" }] }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "ValidationError",
      fields: { "contactPersons.0.email": "groups.validation.userNotFound" },
    });
  });

  it.each([
    ["name", { name: "" }, "validation.required"],
    ["name", { name: "IF" }, "validation.min3"],
    ["name", { name: "x".repeat(251) }, "validation.max250"],
    ["organizationNumber", { organizationNumber: "802000-1238" }, "validation.organisationNumber"],
    ["organizationNumber", { organizationNumber: "8020-001239" }, "validation.organisationNumber"],
    ["organizationNumber", { organizationNumber: "19850709-9805" }, "validation.organisationNumber"],
    ["organizationName", { organizationName: " " }, "validation.required"],
    ["municipality", { municipality: "9999" }, "validation.oneOf"],
    ["ages", { ages: [] }, "validation.required"],
    ["ages.0", { ages: ["9"] }, "validation.oneOf"],
    ["numberOfMembers", { numberOfMembers: -1 }, "validation.min0"],
    ["numberOfMembers", { numberOfMembers: 1.5 }, "validation.integer"],
    ["numberOfMembers", { numberOfMembers: "" }, "validation.required"],
    ["sport", { sport: 69 }, "validation.oneOf"],
    ["skills.0", { skills: ["JUGGLING"] }, "validation.oneOf"],
    ["volunteers.0.email", { volunteers: [{ ...kim, email: "not-an-address" }] }, "validation.email"],
    ["volunteers.0.phone", { volunteers: [{ ...kim, phone: "070/123 45" }] }, "validation.phone"],
    ["volunteers.0.age", { volunteers: [{ ...kim, age: -3 }] }, "validation.min0"],
    ["volunteers.0.name", { volunteers: [{ ...kim, name: "" }] }, "validation.required"],
    ["volunteers.1.email", { volunteers: [kim, { ...ali, email: "KIM@example.se" }] }, "groups.validation.emailAlreadyExists"],
  ])("refuses an invalid %s (%j)", async (field, overrides, message) => {
    const before = (await call(app.server, "GET", "/api/groups/summaries", { token: outsider.token })).body.length;
    const res = await call(app.server, "POST", "/api/groups", { token: outsider.token, body: groupBody(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("ValidationError");
    expect(res.body.fields[field]).toBe(message);
    const after = (await call(app.server, "GET", "/api/groups/summaries", { token: outsider.token })).body.length;
    expect(after).toBe(before);
  });

  it("accepts the other organisation-number formats", async () => {
    for (const organizationNumber of ["8020001239", "168020001239", "16802000-1239"]) {
      const res = await call(app.server, "POST", "/api/groups", {
        token: outsider.token,
        body: groupBody({ organizationNumber }),
      });
      expect(res.status, organizationNumber).toBe(201);
    }
  });

  it("needs a token", async () => {
    const res = await call(app.server, "POST", "/api/groups", { body: groupBody() });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("Unauthorized");
  });
});

describe("GET /api/groups/summaries", () => {
  it("lists only the user's own groups, sorted by name, as summaries", async () => {
    const user = await buildUser(app);
    await createGroup(user, { name: "Örebro SK P10" });
    await createGroup(user, { name: "Alby IF F11" });
    await createGroup(user, { name: "Åby BK" });
    await createGroup(anna, { name: "Annas grupp" });
    const res = await call(app.server, "GET", "/api/groups/summaries", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.map((g: { name: string }) => g.name)).toEqual(["Alby IF F11", "Åby BK", "Örebro SK P10"]);
    expect(Object.keys(res.body[0]).sort()).toEqual(["id", "name", "organizationName", "status"]);
    expect(res.body[0]).toMatchObject({ organizationName: "IFK Exempel", status: "DRAFT" });
  });

  it("is empty for a user without groups", async () => {
    const user = await buildUser(app);
    const res = await call(app.server, "GET", "/api/groups/summaries", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("needs a token", async () => {
    expect((await call(app.server, "GET", "/api/groups/summaries")).status).toBe(401);
  });
});

describe("GET /api/groups/{id}", () => {
  it("answers the group to its contact", async () => {
    const g = await createGroup(anna, { volunteers: [kim] });
    const res = await call(app.server, "GET", `/api/groups/${g.id}`, { token: anna.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(g);
  });

  it("answers 404 to an outsider, as for a group that does not exist", async () => {
    const g = await createGroup(anna);
    const res = await call(app.server, "GET", `/api/groups/${g.id}`, { token: outsider.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NotFound");
    const missing = await call(app.server, "GET", "/api/groups/00000000-0000-4000-8000-000000000000", { token: outsider.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(res.body);
    expect((await call(app.server, "GET", "/api/groups/not-a-uuid", { token: anna.token })).status).toBe(404);
  });

  it("needs a token", async () => {
    const g = await createGroup(anna);
    expect((await call(app.server, "GET", `/api/groups/${g.id}`)).status).toBe(401);
  });
});

describe("PUT /api/groups/{id}", () => {
  it("saves the group data and bumps the version", async () => {
    const g = await createGroup(anna);
    const res = await put(anna, g.id, { ...g, name: "IFK Exempel P13", numberOfMembers: "30", ages: ["13"], version: g.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "IFK Exempel P13", numberOfMembers: 30, ages: ["13"], version: g.version + 1 });
    expect((await read(anna, g.id)).name).toBe("IFK Exempel P13");
  });

  it("refuses an invalid field and changes nothing", async () => {
    const g = await createGroup(anna);
    const res = await put(anna, g.id, { ...g, name: "IF", organizationNumber: "802000-1238", version: g.version });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ name: "validation.min3", organizationNumber: "validation.organisationNumber" });
    expect(await read(anna, g.id)).toEqual(g);
  });

  it("needs the version", async () => {
    const g = await createGroup(anna);
    const { version: _, ...withoutVersion } = g;
    const res = await put(anna, g.id, withoutVersion);
    expect(res.status).toBe(400);
    expect(res.body.fields.version).toBe("validation.required");
  });

  it("refuses a stale write with 409 instead of overwriting a second contact's change", async () => {
    const g = await createGroup(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    const first = await put(bertil, g.id, { ...g, name: "Bertils namn" });
    expect(first.status).toBe(200);
    const second = await put(anna, g.id, { ...g, name: "Annas namn" });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("Conflict");
    expect((await read(anna, g.id)).name).toBe("Bertils namn");
    // After reading again, Anna's change goes through.
    const fresh = await read(anna, g.id);
    expect((await put(anna, g.id, { ...fresh, name: "Annas namn" })).status).toBe(200);
  });

  it("lets only one of two simultaneous writes of the same version through", async () => {
    const g = await createGroup(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    const results = await Promise.all([
      put(anna, g.id, { ...g, name: "Från Anna" }),
      put(bertil, g.id, { ...g, name: "Från Bertil" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("answers 404 to an outsider and changes nothing", async () => {
    const g = await createGroup(anna);
    const res = await put(outsider, g.id, { ...g, name: "Kapad" });
    expect(res.status).toBe(404);
    expect((await read(anna, g.id)).name).toBe(g.name);
  });

  it("needs a token", async () => {
    const g = await createGroup(anna);
    expect((await call(app.server, "PUT", `/api/groups/${g.id}`, { body: g })).status).toBe(401);
  });
});

describe("contact persons", () => {
  it("gives a second contact the same rights: read, change, see the volunteers", async () => {
    const g = await createGroup(anna, { volunteers: [kim] });
    const added = await put(anna, g.id, { ...g, contactPersons: [...g.contactPersons, { email: bertil.email, name: "" }] });
    expect(added.status).toBe(200);
    expect(added.body.contactPersons).toHaveLength(2);
    // Bertil's phone shows once he has opened the group himself.
    expect(added.body.contactPersons[1]).toEqual({
      id: expect.any(String),
      email: bertil.email,
      name: "Bertil Berg",
      phone: "",
      creator: false,
    });

    const seen = await read(bertil, g.id);
    expect(seen.contactPersons[1].phone).toBe("+46702222222");
    expect((await read(anna, g.id)).contactPersons[1].phone).toBe("+46702222222");
    expect(seen.volunteers[0].email).toBe(kim.email);
    const summaries = await call(app.server, "GET", "/api/groups/summaries", { token: bertil.token });
    expect(summaries.body.map((s: { id: string }) => s.id)).toContain(g.id);
    const changed = await put(bertil, g.id, { ...seen, numberOfMembers: 40 });
    expect(changed.status).toBe(200);
    expect(changed.body.numberOfMembers).toBe(40);
  });

  it("lets a contact remove another contact, who then gets 404", async () => {
    const g = await createGroup(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    const res = await put(anna, g.id, {
      ...g,
      contactPersons: g.contactPersons.map((c: { email: string }) =>
        c.email === bertil.email ? { ...c, toBeDeleted: true } : c,
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body.contactPersons.map((c: { email: string }) => c.email)).toEqual([anna.email]);
    expect((await call(app.server, "GET", `/api/groups/${g.id}`, { token: bertil.token })).status).toBe(404);
  });

  it("lets a contact remove themselves while another remains", async () => {
    const g = await createGroup(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    const res = await put(bertil, g.id, {
      ...g,
      contactPersons: g.contactPersons.map((c: { email: string }) =>
        c.email === bertil.email ? { ...c, toBeDeleted: true } : c,
      ),
    });
    expect(res.status).toBe(200);
    expect((await call(app.server, "GET", `/api/groups/${g.id}`, { token: bertil.token })).status).toBe(404);
    expect((await read(anna, g.id)).contactPersons.map((c: { email: string }) => c.email)).toEqual([anna.email]);
  });

  it("keeps the creator, as an event keeps its creator, when a save marks them removed", async () => {
    const g = await createGroup(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    const res = await put(bertil, g.id, {
      ...g,
      contactPersons: g.contactPersons.map((c: object) => ({ ...c, toBeDeleted: true })),
    });
    expect(res.status).toBe(200);
    expect(res.body.contactPersons.map((c: { email: string }) => c.email)).toEqual([anna.email]);
    expect((await read(anna, g.id)).contactPersons.map((c: { email: string }) => c.email)).toEqual([anna.email]);
  });

  /** A group whose creator's account is gone: nobody left whom the creator rule keeps. */
  async function orphanGroup(overrides: Record<string, unknown> = {}) {
    const g = await createGroup(anna, overrides);
    await app.ctx.db.update(groups).set({ createdBy: null }).where(eq(groups.id, g.id));
    return read(anna, g.id);
  }

  it("never removes the last contact", async () => {
    const g = await orphanGroup();
    const res = await put(anna, g.id, { ...g, contactPersons: [{ ...g.contactPersons[0], toBeDeleted: true }] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ contactPersons: "groups.validation.lastContact" });
    const after = await read(anna, g.id);
    expect(after.contactPersons.map((c: { email: string }) => c.email)).toEqual([anna.email]);
    expect(after.version).toBe(g.version);
  });

  it("refuses removing both contacts in one save", async () => {
    const g = await orphanGroup({ contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    const res = await put(anna, g.id, {
      ...g,
      contactPersons: g.contactPersons.map((c: object) => ({ ...c, toBeDeleted: true })),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.contactPersons).toBe("groups.validation.lastContact");
    expect((await read(bertil, g.id)).contactPersons).toHaveLength(2);
  });

  it("keeps contacts that a save leaves out of the list", async () => {
    const g = await createGroup(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    const res = await put(anna, g.id, { ...g, contactPersons: [] });
    expect(res.status).toBe(200);
    expect(res.body.contactPersons).toHaveLength(2);
  });
});

describe("volunteers", () => {
  it("adds, edits and removes volunteers through the group, deleting the removed for good", async () => {
    const g = await createGroup(anna, { volunteers: [kim, ali] });
    const [k, a] = g.volunteers;
    const res = await put(anna, g.id, {
      ...g,
      volunteers: [
        { ...k, phone: "0700000000", age: 14 },
        { name: "Sam Ny", email: "sam@example.se", phone: "0701212121", age: 15 },
      ],
    });
    expect(res.status).toBe(200);
    // Numbers are stored in international form, however they were typed.
    expect(res.body.volunteers).toEqual([
      { ...k, phone: "+46700000000", age: 14 },
      {
        id: expect.any(String),
        name: "Sam Ny",
        email: "sam@example.se",
        phone: "+46701212121",
        age: 15,
        participation: [],
        guardian: null,
      },
    ]);
    const { groupVolunteers } = await import("../../src/server/db/schema.ts");
    const { eq } = await import("drizzle-orm");
    expect(await app.ctx.db.select().from(groupVolunteers).where(eq(groupVolunteers.id, a.id))).toEqual([]);
  });

  it("keeps each e-mail unique within the group, except for the volunteer being edited", async () => {
    const g = await createGroup(anna, { volunteers: [kim, ali] });
    const [k, a] = g.volunteers;
    const clash = await put(anna, g.id, { ...g, volunteers: [k, { ...a, email: kim.email }] });
    expect(clash.status).toBe(400);
    expect(clash.body.fields).toEqual({ "volunteers.1.email": "groups.validation.emailAlreadyExists" });
    const same = await put(anna, g.id, { ...g, volunteers: [{ ...k, name: "Kim Berg Ändrad" }, a] });
    expect(same.status).toBe(200);
  });

  it("allows the same e-mail in two different groups", async () => {
    await createGroup(anna, { volunteers: [kim] });
    const other = await call(app.server, "POST", "/api/groups", { token: bertil.token, body: groupBody({ volunteers: [kim] }) });
    expect(other.status).toBe(201);
  });

  it("ignores a volunteer id of another group instead of touching that volunteer", async () => {
    const theirs = await createGroup(bertil, { volunteers: [ali] });
    const mine = await createGroup(anna);
    const res = await put(anna, mine.id, { ...mine, volunteers: [{ ...theirs.volunteers[0], name: "Stulen" }] });
    expect(res.status).toBe(200);
    expect(res.body.volunteers[0].id).not.toBe(theirs.volunteers[0].id);
    expect((await read(bertil, theirs.id)).volunteers[0].name).toBe(ali.name);
  });

  it("stores what a volunteer states per event", async () => {
    const eventId = "6f1c7a52-1f0e-4f57-9b52-6f2f0b0a1c11";
    const participation = [{ eventId, specialDiets: ["VEGAN"], shirtSize: "M", substitute: "Ersätter Ali" }];
    const g = await createGroup(anna, { volunteers: [{ ...kim, participation }] });
    expect(g.volunteers[0].participation).toEqual(participation);
    const bad = await call(app.server, "POST", "/api/groups", {
      token: anna.token,
      body: groupBody({ volunteers: [{ ...kim, participation: [{ eventId, shirtSize: "XXXL" }] }] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields["volunteers.0.participation.0.shirtSize"]).toBe("validation.oneOf");
  });
});

describe("POST /api/groups/{id}/confirm", () => {
  it("moves a DRAFT group to CONFIRMED", async () => {
    const g = await createGroup(anna);
    const res = await call(app.server, "POST", `/api/groups/${g.id}/confirm`, { token: anna.token, body: g });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "CONFIRMED", version: g.version + 1 });
    const summaries = await call(app.server, "GET", "/api/groups/summaries", { token: anna.token });
    expect(summaries.body.find((s: { id: string }) => s.id === g.id).status).toBe("CONFIRMED");
  });

  it("refuses to confirm twice", async () => {
    const g = await createGroup(anna);
    const confirmed = await call(app.server, "POST", `/api/groups/${g.id}/confirm`, {
      token: anna.token,
      body: { version: g.version },
    });
    const again = await call(app.server, "POST", `/api/groups/${g.id}/confirm`, { token: anna.token, body: confirmed.body });
    expect(again.status).toBe(409);
    expect(again.body.fields).toEqual({ status: "groups.validation.notDraft" });
  });

  it("cannot be reached through PUT: the status there is ignored", async () => {
    const g = await createGroup(anna);
    const res = await put(anna, g.id, { ...g, status: "CONFIRMED" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("DRAFT");
  });

  it("refuses a stale version", async () => {
    const g = await createGroup(anna);
    await put(anna, g.id, { ...g, name: "Nytt namn" });
    const res = await call(app.server, "POST", `/api/groups/${g.id}/confirm`, {
      token: anna.token,
      body: { version: g.version },
    });
    expect(res.status).toBe(409);
    expect((await read(anna, g.id)).status).toBe("DRAFT");
  });

  it("needs the version", async () => {
    const g = await createGroup(anna);
    const res = await call(app.server, "POST", `/api/groups/${g.id}/confirm`, { token: anna.token, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.fields.version).toBe("validation.required");
  });

  it("lets a second contact confirm", async () => {
    const g = await createGroup(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    const res = await call(app.server, "POST", `/api/groups/${g.id}/confirm`, {
      token: bertil.token,
      body: { version: g.version },
    });
    expect(res.status).toBe(200);
  });

  it("answers 404 to an outsider and 401 without a token", async () => {
    const g = await createGroup(anna);
    expect((await call(app.server, "POST", `/api/groups/${g.id}/confirm`, { token: outsider.token, body: g })).status).toBe(404);
    expect((await call(app.server, "POST", `/api/groups/${g.id}/confirm`, { body: g })).status).toBe(401);
    expect((await read(anna, g.id)).status).toBe("DRAFT");
  });
});

describe("DELETE /api/groups/{id}", () => {
  it("removes a DRAFT group with its volunteers and availabilities; it is gone from the list", async () => {
    const g = await createGroup(anna, {
      volunteers: [kim],
      availabilities: [{ type: "PERIOD", startDate: "2031-05-01", endDate: "2031-05-03", location: "0180" }],
    });
    const res = await call(app.server, "DELETE", `/api/groups/${g.id}`, { token: anna.token });
    expect(res.status).toBe(204);
    expect((await call(app.server, "GET", `/api/groups/${g.id}`, { token: anna.token })).status).toBe(404);
    const summaries = await call(app.server, "GET", "/api/groups/summaries", { token: anna.token });
    expect(summaries.body.some((s: { id: string }) => s.id === g.id)).toBe(false);
    expect(await app.ctx.db.select().from(groups).where(eq(groups.id, g.id))).toEqual([]);
  });

  it("lets any contact of the group remove it", async () => {
    const g = await createGroup(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    expect((await call(app.server, "DELETE", `/api/groups/${g.id}`, { token: bertil.token })).status).toBe(204);
  });

  it("refuses a confirmed group with 409 and keeps it", async () => {
    const g = await createGroup(anna);
    await call(app.server, "POST", `/api/groups/${g.id}/confirm`, { token: anna.token, body: { version: g.version } });
    const res = await call(app.server, "DELETE", `/api/groups/${g.id}`, { token: anna.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "Conflict", fields: { status: "groups.validation.notDraft" } });
    expect((await read(anna, g.id)).status).toBe("CONFIRMED");
  });

  it("refuses a HISTORIC group with 409", async () => {
    const g = await createGroup(anna);
    await app.ctx.db.update(groups).set({ status: "HISTORIC" }).where(eq(groups.id, g.id));
    expect((await call(app.server, "DELETE", `/api/groups/${g.id}`, { token: anna.token })).status).toBe(409);
    expect((await read(anna, g.id)).status).toBe("HISTORIC");
  });

  it("answers 404 to an outsider, 404 to an unknown or malformed id and 401 without a token; nothing is removed", async () => {
    const g = await createGroup(anna);
    expect((await call(app.server, "DELETE", `/api/groups/${g.id}`, { token: outsider.token })).status).toBe(404);
    expect((await call(app.server, "DELETE", `/api/groups/${g.id}`)).status).toBe(401);
    expect(
      (await call(app.server, "DELETE", "/api/groups/00000000-0000-4000-8000-000000000000", { token: anna.token })).status,
    ).toBe(404);
    expect((await call(app.server, "DELETE", "/api/groups/not-an-id", { token: anna.token })).status).toBe(404);
    expect((await read(anna, g.id)).status).toBe("DRAFT");
  });
});

describe("abilities and HISTORIC", () => {
  it("tells the contact what they may do: edit and confirm a draft, edit a confirmed group", async () => {
    const g = await createGroup(anna);
    expect(g.abilities).toEqual({ edit: true, confirm: true, remove: true });
    const confirmed = await call(app.server, "POST", `/api/groups/${g.id}/confirm`, { token: anna.token, body: g });
    expect(confirmed.body.abilities).toEqual({ edit: true, confirm: false, remove: false });
  });

  it("keeps a HISTORIC group read-only: every write answers 409 EventHistoric, as for a HISTORIC event", async () => {
    const g = await createGroup(anna, { volunteers: [kim] });
    await app.ctx.db.update(groups).set({ status: "HISTORIC" }).where(eq(groups.id, g.id));
    const historic = await read(anna, g.id);
    expect(historic.abilities).toEqual({ edit: false, confirm: false, remove: false });

    const changed = await put(anna, g.id, { ...historic, name: "Nytt namn", volunteers: [] });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe("EventHistoric");
    const availabilities = await call(app.server, "PUT", `/api/groups/${g.id}/availabilities`, {
      token: anna.token,
      body: { version: historic.version, availabilities: [] },
    });
    expect(availabilities.status).toBe(409);
    const confirm = await call(app.server, "POST", `/api/groups/${g.id}/confirm`, { token: anna.token, body: historic });
    expect(confirm.status).toBe(409);

    const after = await read(anna, g.id);
    expect(after).toMatchObject({ name: historic.name, version: historic.version, status: "HISTORIC" });
    expect(after.volunteers).toHaveLength(1);
  });
});
