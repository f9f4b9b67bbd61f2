import { describe, expect, it } from "vitest";
import { buildUser } from "../helpers/factories.ts";
import { appForFile, expectCleanError, newUser, req, signedInAccount } from "../helpers/identity.ts";
import { draftGroup } from "../helpers/seed.ts";

/**
 * Mobile numbers as people write them ("070-123 45 67"): accepted by every route that takes one, stored
 * in international form (+46701234567); names of people need only one character ("Bo Ek").
 */
const file = appForFile();
const me = (token: string) => req(file.app, "GET", "/api/auth/me", { token });

describe("mobile numbers written with spaces and dashes", () => {
  it("sign-up stores 070-123 45 67 as +46701234567", async () => {
    const u = await signedInAccount(file.app, { countryCode: "+46", phone: "070-123 45 67", firstName: "Bo", lastName: "Ek" });
    expect((await me(u.token)).body).toMatchObject({ phone: "+46701234567", firstName: "Bo", lastName: "Ek" });
  });

  it("the profile stores (070) 123 45 67 as +46701234567", async () => {
    const u = await signedInAccount(file.app);
    const res = await req(file.app, "PUT", "/api/auth/me", {
      token: u.token,
      body: { firstName: "Bo", lastName: "Ek", phone: "(070) 123 45 67" },
    });
    expect(res.status).toBe(200);
    expect(res.body.phone).toBe("+46701234567");
  });

  it("an invited user: Bo Ek with 070-123 45 67", async () => {
    const inviter = await signedInAccount(file.app);
    const body = newUser({ firstName: "Bo", lastName: "Ek", phoneNumber: "+46 70-123 45 67" });
    const res = await req(file.app, "POST", "/api/user", { token: inviter.token, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: "Bo", lastName: "Ek" });
  });

  it("a volunteer's number in a group is stored in international form", async () => {
    const owner = await buildUser(file.app);
    const group = await draftGroup(file.app, owner, {
      volunteers: [{ name: "Bo", email: "bo@example.se", phone: "070-123 45 67", age: 13 }],
    });
    expect(group.volunteers[0]).toMatchObject({ name: "Bo", phone: "+46701234567" });
  });

  it("still refuses letters, with the mobile-number message", async () => {
    const u = await signedInAccount(file.app);
    const res = await req(file.app, "PUT", "/api/auth/me", {
      token: u.token,
      body: { firstName: "Bo", lastName: "Ek", phone: "070-ABC" },
    });
    expectCleanError(res, "ValidationError", 400);
    expect(res.body.fields).toEqual({ phone: "validation.phone" });
  });
});
