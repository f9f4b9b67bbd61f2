import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { events, groups, mails, users } from "../../src/server/db/schema.ts";
import { DAY, MINUTE, SECOND } from "../helpers/clock.ts";
import { buildUser, uniqueEmail } from "../helpers/factories.ts";
import {
  confirmedAccount,
  expectCleanError,
  FrozenClock,
  freshIp,
  INVITED,
  invitedAccount,
  mailingAppForFile,
  mimePart,
  newUser,
  nthMail,
  refreshCookieOf,
  req,
  signedInAccount,
  signIn,
  temporaryPasswordIn,
  userRow,
} from "../helpers/identity.ts";
import { createEvent, draftGroup } from "../helpers/seed.ts";
import { codeIn } from "../helpers/smtp-sink.ts";

const file = mailingAppForFile({ clock: new FrozenClock() });

const lookup = (token: string | undefined, email: string) =>
  req(file.app, "GET", `/api/user/${encodeURIComponent(email)}`, { token });
const invite = (token: string | undefined, body: Record<string, unknown>) => req(file.app, "POST", "/api/user", { token, body });
const complete = (sessionToken: string, newPassword: string) =>
  req(file.app, "POST", "/api/auth/complete-new-password", { body: { session: sessionToken, newPassword } });

/** Invites someone and reads the temporary password from the invitation mail. */
const invited = (overrides: Record<string, unknown> = {}) => invitedAccount(file.app, file.sink, overrides);

describe("GET /api/user/{email}", () => {
  it("answers only e-mail, first and last name, and the joined name — never the phone", async () => {
    const caller = await signedInAccount(file.app);
    const target = await confirmedAccount(file.app, { firstName: "Åsa", lastName: "Öberg", phone: "0701234567" });
    const res = await lookup(caller.token, target.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: target.email, firstName: "Åsa", lastName: "Öberg", name: "Åsa Öberg" });
    expect(JSON.stringify(res.body)).not.toContain("701234567");
  });

  it("finds the address in any case", async () => {
    const caller = await signedInAccount(file.app);
    const target = await confirmedAccount(file.app);
    expect((await lookup(caller.token, target.email.toUpperCase())).body.email).toBe(target.email);
  });

  it("answers 404 for an unknown address", async () => {
    const caller = await signedInAccount(file.app);
    const res = await lookup(caller.token, uniqueEmail());
    expect(res.status).toBe(404);
    expect(res.body.code).toMatch(/^(UserNotFoundException|NotFound)$/);
    expectCleanError(res, res.body.code, 404);
  });

  it("answers 401 without a valid token", async () => {
    const target = await confirmedAccount(file.app);
    expectCleanError(await lookup(undefined, target.email), "Unauthorized", 401);
    expectCleanError(await lookup("forged", target.email), "Unauthorized", 401);
  });

  it("answers 400 for something that is not an address", async () => {
    const caller = await signedInAccount(file.app);
    for (const bad of ["nope", "' OR '1'='1", "a@b"]) {
      const res = await lookup(caller.token, bad);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ email: "validation.email" });
    }
  });

  it("is rate-limited: 429 LimitExceededException with Retry-After after the limit", async () => {
    const caller = await signedInAccount(file.app);
    const target = await confirmedAccount(file.app);
    let limited: Awaited<ReturnType<typeof lookup>> | undefined;
    let allowed = 0;
    for (let i = 0; i < 100 && !limited; i++) {
      const res = await lookup(caller.token, target.email);
      if (res.status === 429) limited = res;
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        allowed++;
      }
    }
    expect(limited, "no 429 within 100 lookups").toBeDefined();
    expect(allowed).toBeGreaterThanOrEqual(10);
    expectCleanError(limited!, "LimitExceededException", 429);
    expect(Number(limited!.headers["retry-after"])).toBeGreaterThan(0);
    // The limit is the caller's: someone else may still look up.
    const other = await signedInAccount(file.app);
    expect((await lookup(other.token, target.email)).status).toBe(200);
  });

  it("counts the limit in the database, so it holds across two server processes together", async () => {
    // A second app on the same database stands in for a second process behind the load balancer.
    const second = await buildApp({
      config: file.app.ctx.config,
      database: file.app.database,
      clock: file.app.clock,
      webRoot: "/nonexistent",
    });
    try {
      const caller = await signedInAccount(file.app);
      const target = await confirmedAccount(file.app);
      let allowed = 0;
      let limited = false;
      for (let i = 0; i < 100 && !limited; i++) {
        const res = await second.server.inject({
          method: "GET",
          url: `/api/user/${encodeURIComponent(target.email)}`,
          headers: { authorization: `Bearer ${caller.token}` },
        });
        const first = await lookup(caller.token, target.email);
        for (const status of [res.statusCode, first.status]) {
          if (status === 429) limited = true;
          else allowed++;
        }
      }
      expect(limited, "no 429 within 200 lookups").toBe(true);
      // Per-process counters would let each process allow its own full budget before the first 429.
      expect(allowed).toBeGreaterThanOrEqual(10);
      expect(allowed).toBeLessThanOrEqual(31);
    } finally {
      await second.server.close();
    }
  });
});

describe("POST /api/user (invitation)", () => {
  it("creates the user, answers the lookup shape and mails an invitation with a temporary password", async () => {
    const { inviter, email, mail, temporary, res } = await invited({ firstName: "Kalle", lastName: "Karlsson" });
    expect(res.body).toEqual({ email, firstName: "Kalle", lastName: "Karlsson", name: "Kalle Karlsson" });
    expect(mail.subject).toBe("Ingrid Inbjudare har bjudit in dig till Bemanna");
    expect(mail.text).toContain(email);
    expect(mail.text).toContain("7 dagar");
    expect(mail.text).toContain("http://localhost:3000/login");
    expect(temporary).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/);
    expect(mimePart(mail.raw, "text/html")).toContain(temporary);
    // The new user can be found at once, e.g. to be added as a contact.
    expect((await lookup(inviter.token, email)).status).toBe(200);
    const [row] = await file.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row.status).toBe("FORCE_CHANGE_PASSWORD");
    expect(row.phone).toBe("+46701112233");
    expect(row.passwordHash).not.toContain(temporary);
  });

  it("trims and lowercases the invited address", async () => {
    const caller = await signedInAccount(file.app);
    const email = uniqueEmail("Upper");
    const res = await invite(caller.token, newUser({ email: `  ${email.toUpperCase()} ` }));
    expect(res.status).toBe(201);
    expect(res.body.email).toBe(email.toLowerCase());
  });

  it("writes the invitation in the inviter's language", async () => {
    const inviter = await signedInAccount(file.app, { firstName: "Emma", lastName: "English", language: "en" });
    const body = newUser();
    expect((await invite(inviter.token, body)).status).toBe(201);
    const mail = await nthMail(file.sink, String(body.email), 1, INVITED);
    expect(mail.subject).toBe("Emma English has invited you to Bemanna");
  });

  it("answers UsernameExistsException 409 for an existing address, and mails nothing", async () => {
    const caller = await signedInAccount(file.app);
    const existing = await confirmedAccount(file.app);
    expectCleanError(await invite(caller.token, newUser({ email: existing.email })), "UsernameExistsException", 409);
    expect((await signIn(file.app, existing.email, existing.password)).status).toBe(200);
  });

  it.each([
    [{ email: "nope" }, { email: "validation.email" }],
    [{ firstName: "" }, { firstName: "validation.required" }],
    [{ lastName: "" }, { lastName: "validation.required" }],
    [{ phoneNumber: "+46 70 111 x" }, { phoneNumber: "validation.phone" }],
    [{ phoneNumber: "12" }, { phoneNumber: "validation.min3" }],
  ])("answers 400 with fields for %j and creates nobody", async (override, fields) => {
    const caller = await signedInAccount(file.app);
    const body = newUser(override);
    const res = await invite(caller.token, body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(fields);
    expect((await lookup(caller.token, newUser().email)).status).toBe(404);
  });

  it("answers 401 without a token", async () => {
    const body = newUser();
    expectCleanError(await invite(undefined, body), "Unauthorized", 401);
    expectCleanError(await invite(undefined, {}), "Unauthorized", 401);
    const caller = await signedInAccount(file.app);
    expect((await lookup(caller.token, String(body.email))).status).toBe(404);
  });
});

describe("POST /api/user for a saved event or group", () => {
  /** A contact of one event and one group, the inviter of these tests. */
  const organizer = async (language = "sv") => {
    const owner = await buildUser(file.app, { firstName: "Olle", lastName: "Organisatör", language });
    const event = await createEvent(file.app, owner.token, { name: "Vårruset" });
    const group = await draftGroup(file.app, owner, { name: "Alby IF P15" });
    return { owner, event, group, date: String(event.date) };
  };
  /** Nothing was created for `email` and no mail was even queued for it. */
  const nothingFor = async (email: string) => {
    expect(await userRow(file.app, email)).toBeUndefined();
    expect(await file.app.ctx.db.select().from(mails).where(eq(mails.to, email))).toEqual([]);
    expect(file.sink.count(email)).toBe(0);
  };

  it("with eventId, the mail names the inviter and the event with its date, as its contact", async () => {
    const { owner, event, date } = await organizer();
    const body = newUser({ type: "event", eventId: event.id });
    expect((await invite(owner.token, body)).status).toBe(201);
    const mail = await nthMail(file.sink, body.email, 1);
    expect(mail.subject).toBe("Olle Organisatör har lagt till dig som kontaktperson för evenemanget Vårruset");
    expect(mail.text).toContain(
      `Olle Organisatör har lagt till dig som kontaktperson för evenemanget Vårruset (${date}) och skapat ett konto åt dig på Bemanna.`,
    );
    // Still an invitation: the temporary password and its 7 days.
    expect(temporaryPasswordIn(mail)).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/);
    expect(mail.text).toContain("7 dagar");
  });

  it("with eventId and type teamleader, it names them the event's team leader", async () => {
    const { owner, event, date } = await organizer();
    const body = newUser({ type: "teamleader", eventId: event.id });
    expect((await invite(owner.token, body)).status).toBe(201);
    const mail = await nthMail(file.sink, body.email, 1);
    expect(mail.subject).toBe("Olle Organisatör har lagt till dig som stationsansvarig på Vårruset");
    expect(mail.text).toContain(`som stationsansvarig på evenemanget Vårruset (${date})`);
  });

  it("with groupId, the mail names the group, as its contact", async () => {
    const { owner, group } = await organizer();
    const body = newUser({ type: "group", groupId: group.id });
    expect((await invite(owner.token, body)).status).toBe(201);
    const mail = await nthMail(file.sink, body.email, 1);
    expect(mail.subject).toBe("Olle Organisatör har lagt till dig som kontaktperson för gruppen Alby IF P15");
    expect(mail.text).toContain("Olle Organisatör har lagt till dig som kontaktperson för gruppen Alby IF P15");
  });

  it("is written in English for an English inviter", async () => {
    const { owner, event, group, date } = await organizer("en");
    const forEvent = newUser({ type: "event", eventId: event.id });
    const forGroup = newUser({ type: "group", groupId: group.id });
    expect((await invite(owner.token, forEvent)).status).toBe(201);
    expect((await invite(owner.token, forGroup)).status).toBe(201);
    const eventMail = await nthMail(file.sink, forEvent.email, 1);
    expect(eventMail.subject).toBe("Olle Organisatör has added you as an event contact for Vårruset");
    expect(eventMail.text).toContain(`as an event contact for Vårruset (${date})`);
    const groupMail = await nthMail(file.sink, forGroup.email, 1);
    expect(groupMail.subject).toBe("Olle Organisatör has added you as a group contact for Alby IF P15");
  });

  it("refuses someone who is not a contact of that event or group: 404, no account, no mail", async () => {
    const { event, group } = await organizer();
    const outsider = await buildUser(file.app, { firstName: "Utan", lastName: "Behörighet" });
    for (const context of [{ eventId: event.id }, { groupId: group.id }]) {
      const body = newUser(context);
      expectCleanError(await invite(outsider.token, body), "NotFound", 404);
      await nothingFor(body.email);
    }
  });

  it("refuses an id that names nothing the same way: 404, no account, no mail", async () => {
    const { owner } = await organizer();
    for (const context of [{ eventId: randomUUID() }, { groupId: randomUUID() }]) {
      const body = newUser(context);
      expectCleanError(await invite(owner.token, body), "NotFound", 404);
      await nothingFor(body.email);
    }
  });

  it("refuses a finished event or group: 409 EventHistoric, no account, no mail", async () => {
    const { owner, event, group } = await organizer();
    await file.app.ctx.db.update(events).set({ status: "HISTORIC" }).where(eq(events.id, event.id));
    await file.app.ctx.db.update(groups).set({ status: "HISTORIC" }).where(eq(groups.id, group.id));
    for (const context of [{ eventId: event.id }, { groupId: group.id }]) {
      const body = newUser(context);
      expectCleanError(await invite(owner.token, body), "EventHistoric", 409);
      await nothingFor(body.email);
    }
  });

  it("answers 400 for an id that is no id, or for both an event and a group", async () => {
    const { owner, event, group } = await organizer();
    const bad = newUser({ eventId: "nope" });
    const res = await invite(owner.token, bad);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ eventId: "validation.invalid" });
    const both = newUser({ eventId: event.id, groupId: group.id });
    expect((await invite(owner.token, both)).status).toBe(400);
    await nothingFor(bad.email);
    await nothingFor(both.email);
  });

  it("without a context, the mail stays general", async () => {
    const { owner } = await organizer();
    const body = newUser();
    expect((await invite(owner.token, body)).status).toBe(201);
    const mail = await nthMail(file.sink, body.email, 1);
    expect(mail.subject).toBe("Olle Organisatör har bjudit in dig till Bemanna");
    expect(mail.text).toContain("Olle Organisatör har skapat ett konto åt dig på Bemanna.");
    expect(mail.text).not.toMatch(/Vårruset|Alby/);
  });
});

describe("NEW_PASSWORD_REQUIRED", () => {
  it("the first sign-in answers the challenge; the new password opens a session", async () => {
    const { email, temporary } = await invited();
    const challenge = await signIn(file.app, email, temporary);
    expect(challenge.status).toBe(200);
    expect(Object.keys(challenge.body).sort()).toEqual(["challenge", "session"]);
    expect(challenge.body.challenge).toBe("NEW_PASSWORD_REQUIRED");
    expect(refreshCookieOf(challenge)).toBeUndefined();
    // The challenge is no access token.
    expectCleanError(await req(file.app, "GET", "/api/auth/me", { token: challenge.body.session }), "Unauthorized", 401);

    const done = await complete(challenge.body.session, "MittEgna1");
    expect(done.status).toBe(200);
    expect(Object.keys(done.body).sort()).toEqual(["accessToken", "expiresIn", "user"]);
    expect(done.body.user).toMatchObject({ email, emailVerified: true });
    expect(refreshCookieOf(done)).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    expect((await req(file.app, "GET", "/api/auth/me", { token: done.body.accessToken })).status).toBe(200);

    // From now on: the own password, a normal sign-in; the temporary one is gone.
    expectCleanError(await signIn(file.app, email, temporary), "NotAuthorizedException", 401);
    const normal = await signIn(file.app, email, "MittEgna1");
    expect(normal.status).toBe(200);
    expect(normal.body.accessToken).toBeDefined();
    // The challenge cannot be answered twice.
    expectCleanError(await complete(challenge.body.session, "Annat1234"), "NotAuthorizedException", 401);
  });

  it("answers NotAuthorizedException for a wrong temporary password", async () => {
    const { email } = await invited();
    expectCleanError(await signIn(file.app, email, "Fel1234567"), "NotAuthorizedException", 401);
  });

  it("answers InvalidPasswordException for a weak new password; the challenge stays open", async () => {
    const { email, temporary } = await invited();
    const challenge = await signIn(file.app, email, temporary);
    for (const weak of ["kort1A", "allasmabokstaver1", "INGASMA123", "IngaSiffror"]) {
      const res = await complete(challenge.body.session, weak);
      expectCleanError(res, "InvalidPasswordException", 400);
      expect(res.body.fields).toEqual({ password: "validation.password" });
    }
    expect((await complete(challenge.body.session, "MittEgna1")).status).toBe(200);
  });

  it("answers NotAuthorizedException when the challenge session has expired", async () => {
    const { email, temporary } = await invited();
    const challenge = await signIn(file.app, email, temporary);
    file.app.clock.advance(10 * MINUTE + SECOND);
    expectCleanError(await complete(challenge.body.session, "MittEgna1"), "NotAuthorizedException", 401);
    // A new sign-in gives a new challenge.
    const again = await signIn(file.app, email, temporary);
    expect((await complete(again.body.session, "MittEgna1")).status).toBe(200);
  });

  it("answers NotAuthorizedException for a forged session or an access token in its place", async () => {
    const u = await signedInAccount(file.app);
    for (const forged of ["garbage", u.token, `${u.token.slice(0, -2)}xx`]) {
      expectCleanError(await complete(forged, "MittEgna1"), "NotAuthorizedException", 401);
    }
    expectCleanError(
      await req(file.app, "POST", "/api/auth/complete-new-password", { body: {} }),
      "InvalidParameterException",
      400,
    );
  });

  it("the temporary password lasts 7 days: after that, sign-in answers NotAuthorizedException", async () => {
    const early = await invited();
    const late = await invited();
    file.app.clock.advance(7 * DAY - MINUTE);
    expect((await signIn(file.app, early.email, early.temporary)).body.challenge).toBe("NEW_PASSWORD_REQUIRED");
    file.app.clock.advance(2 * MINUTE);
    const res = await signIn(file.app, late.email, late.temporary);
    expectCleanError(res, "NotAuthorizedException", 401);
    expect(res.body.message).toMatch(/expired/i);
  });

  it("an invited address that was never signed in is claimed by sign-up only once the mailed code confirms it", async () => {
    const { email, temporary } = await invited({ firstName: "Kalle", lastName: "Karlsson" });
    const before = await userRow(file.app, email);
    const body = {
      email,
      password: "Agarens1losen",
      firstName: "Klara",
      lastName: "Ägare",
      countryCode: "+46",
      phone: "0709998877",
      language: "en",
    };
    const res = await req(file.app, "POST", "/api/auth/sign-up", { body, ip: freshIp() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ userConfirmed: false });
    // Nothing changes before the code comes back: the invitation still works, the claim's password does not.
    expect(await userRow(file.app, email)).toEqual(before);
    expectCleanError(await signIn(file.app, email, body.password), "NotAuthorizedException", 401);
    expect((await signIn(file.app, email, temporary)).body.challenge).toBe("NEW_PASSWORD_REQUIRED");

    // The code goes to the invited address, written to the claimant.
    const mail = await nthMail(file.sink, email, 1, "Your Bemanna activation code");
    expect(mail.text).toContain("Hi Klara!");
    const confirmed = await req(file.app, "POST", "/api/auth/confirm-sign-up", {
      body: { email, code: codeIn(mail) },
      ip: freshIp(),
    });
    expect(confirmed.status).toBe(200);

    const after = await userRow(file.app, email);
    expect(after).toMatchObject({
      id: before.id,
      status: "CONFIRMED",
      emailVerified: true,
      temporaryPasswordExpiresAt: null,
      firstName: "Klara",
      lastName: "Ägare",
      phone: "+46709998877",
      language: "en",
    });
    expectCleanError(await signIn(file.app, email, temporary), "NotAuthorizedException", 401);
    const own = await signIn(file.app, email, body.password);
    expect(own.status).toBe(200);
    expect(own.body.accessToken).toBeDefined();
  });

  it("an invited address that was signed in with is taken: sign-up answers UsernameExistsException", async () => {
    const { email, temporary } = await invited();
    const challenge = await signIn(file.app, email, temporary);
    expect((await complete(challenge.body.session, "MittEgna1")).status).toBe(200);
    const res = await req(file.app, "POST", "/api/auth/sign-up", {
      body: { email, password: "Funktionar1", firstName: "M", lastName: "X", countryCode: "+46", phone: "0701234567" },
      ip: freshIp(),
    });
    expectCleanError(res, "UsernameExistsException", 409);
    expect((await signIn(file.app, email, "MittEgna1")).status).toBe(200);
  });
});
