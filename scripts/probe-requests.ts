/**
 * Hostile requests for every route of the app, as fast-check arbitraries: the one generator behind the
 * property test (tests/api/hostile-input.test.ts), the probe (scripts/probe.ts) and its short CI run
 * (tests/api/probe.test.ts). Each request starts from a valid call of its route, on real ids of a signed-in
 * ordinary user, and breaks it: huge, negative and fractional numbers, number-like text, dates outside any
 * calendar, very long and odd Unicode text, objects where text belongs and lists where objects belong,
 * prototype keys, bad ids in the path and bad query strings. Beside the random requests, a deterministic
 * sweep tries the edge values on every field of every route, one field at a time. The probe adds what only
 * a socket can send: broken JSON, wrong media types and lengths, huge bodies, odd methods, paths, headers
 * and cookies.
 */
import fc from "fast-check";
import { updateBodyOf } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";
import { addDays, stockholmToday } from "#shared/validation";
import { eventBodyOn, stationBody } from "../tests/helpers/seed.ts";

/** A route as Fastify announces it (the onRoute hook of buildApp). */
export interface RouteInfo {
  method: string;
  url: string;
}

/** One request to send: method, path with query, headers and the body exactly as it goes on the wire. */
export interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The route it was made for ("METHOD /url"), for the report. */
  route: string;
  /** When set, these bytes are sent as the whole request instead (the probe's socket-level cases). */
  raw?: Buffer;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of every route, read where each is known
  body: any;
}

/** How the fixtures are made: through app.inject in the property test, over HTTP in the probe. */
export type Send = (method: string, url: string, options?: { body?: unknown; token?: string }) => Promise<Answer>;

/** What the requests are built on: two ordinary users and real ids of the first one's data. */
export interface Fixtures {
  owner: { email: string; token: string };
  other: { email: string; token: string };
  /** A CONFIRMED event of the owner with one station, and an accepted offer to the owner's group there. */
  eventId: string;
  stationId: string;
  /** A DRAFT event of the owner's, for the calls that would remove or close the one above. */
  spareEventId: string;
  groupId: string;
  volunteerId: string;
  /** The hash of the group's sign-up link at the event. */
  linkHash: string;
  date: string;
  /** Valid bodies of the two PUTs, as read back from the API. */
  eventUpdate: Record<string, unknown>;
  groupUpdate: Record<string, unknown>;
}

const PASSWORD = "Funktionar1";

/**
 * Without GEOCODER_URL the map search answers 503 ServiceUnavailable by design (the feature is switched
 * off, see features/geo/routes.ts): the one server error that is an answer, not a failure.
 */
export function isExpectedServerError(request: Pick<HostileRequest, "path">, answer: Answer, geocoder: boolean): boolean {
  return (
    !geocoder &&
    answer.status === 503 &&
    /^\/api\/geo\/(search|reverse)(\?|$)/.test(request.path) &&
    answer.body?.code === "ServiceUnavailable"
  );
}

// ── Fixtures ────────────────────────────────────────────────────────────────────────────────────────

function expect2xx(what: string, answer: Answer): Answer {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Signs up through the API, reads the code from the mail kept in development (/api/dev/mailbox), signs in. */
async function confirmedUser(send: Send, email: string, firstName: string): Promise<{ email: string; token: string }> {
  expect2xx(
    "sign-up",
    await send("POST", "/api/auth/sign-up", {
      body: { email, password: PASSWORD, firstName, lastName: "Prov", countryCode: "+46", phone: "0701234567" },
    }),
  );
  const mailbox = expect2xx("mailbox", await send("GET", "/api/dev/mailbox"));
  const mail = (mailbox.body as Array<{ to: string; text: string }>).find((m) => m.to === email);
  const code = mail && /(?:^|\D)(\d{6})(?:\D|$)/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no sign-up code for ${email} in the mailbox`);
  expect2xx("confirm-sign-up", await send("POST", "/api/auth/confirm-sign-up", { body: { email, code } }));
  const signIn = expect2xx("sign-in", await send("POST", "/api/auth/sign-in", { body: { email, password: PASSWORD } }));
  return { email, token: signIn.body.accessToken };
}

/** The tests' station, paid per person so the probe reaches those amounts too. */
const stationTemplate = (date: string) =>
  stationBody(date, { paymentType: "PERPERSON", groupPayment: null, paymentAdult: 400, paymentChild: 250 });

/** The tests' event with food and a station, so the probe reaches shirt, diet and station fields. */
const eventTemplate = (date: string, name: string) =>
  eventBodyOn(date, { name, included: ["CLOTHES", "FOOD"], shirtSizes: ["S", "M", "L"], stations: [stationTemplate(date)] });

function groupTemplate(date: string, eventId: string): Record<string, unknown> {
  return {
    name: "IFK Prov P16",
    organizationNumber: "802000-1239",
    organizationName: "IFK Prov",
    municipality: "0180",
    numberOfMembers: 20,
    ages: ["16", "17", "18+"],
    sport: 26,
    skills: ["CHOIR_SINGING"],
    contactPersons: [],
    volunteers: [{ name: "Kim Berg", email: "kim.berg@example.se", phone: "+46701234567", age: 16, participation: [] }],
    availabilities: [
      { type: "EVENT", eventId, location: "0180" },
      { type: "PERIOD", startDate: addDays(date, -7), endDate: addDays(date, 7), location: "0180" },
    ],
  };
}

/**
 * Two confirmed users; the first organizes a confirmed event with a station, leads a confirmed group with a
 * volunteer, and has an accepted offer between them, so every id in a path can name something real.
 */
export async function setupFixtures(send: Send, now = new Date()): Promise<Fixtures> {
  const tag = `${now.getTime().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const owner = await confirmedUser(send, `probe-owner-${tag}@example.se`, "Ägare");
  const other = await confirmedUser(send, `probe-other-${tag}@example.se`, "Annan");
  const as = (method: string, url: string, body?: unknown) => send(method, url, { body, token: owner.token });
  const date = addDays(stockholmToday(now), 30);

  const event = expect2xx("event", await as("POST", "/api/events", eventTemplate(date, "Provloppet")));
  const eventId: string = event.body.id;
  const stationId: string = event.body.stations[0].id;
  const confirmed = expect2xx("event confirm", await as("POST", `/api/events/${eventId}/confirm`));
  const spare = expect2xx("spare event", await as("POST", "/api/events", eventTemplate(date, "Reservloppet")));

  const group = expect2xx("group", await as("POST", "/api/groups", groupTemplate(date, eventId)));
  const groupId: string = group.body.id;
  const volunteerId: string = group.body.volunteers[0].id;
  const groupConfirmed = expect2xx(
    "group confirm",
    await as("POST", `/api/groups/${groupId}/confirm`, { version: group.body.version }),
  );

  expect2xx("offer", await as("POST", "/api/offers", { eventId, stationId, groupId, volunteers: 2 }));
  expect2xx("send offers", await as("POST", `/api/offers/${eventId}/confirm`, {}));
  expect2xx("accept offer", await as("POST", `/api/offers/${eventId}/${groupId}/${stationId}/accept`));
  const link = expect2xx("sign-up link", await as("POST", "/api/link", { groupId, eventId }));

  const g = groupConfirmed.body;
  const groupUpdate = {
    name: g.name,
    organizationNumber: g.organizationNumber,
    organizationName: g.organizationName,
    municipality: g.municipality,
    numberOfMembers: g.numberOfMembers,
    ages: g.ages,
    sport: g.sport,
    skills: g.skills,
    contactPersons: g.contactPersons.map((c: { email: string; name: string }) => ({ email: c.email, name: c.name })),
    volunteers: g.volunteers,
    availabilities: g.availabilities,
    version: g.version,
  };
  return {
    owner,
    other,
    eventId,
    stationId,
    spareEventId: spare.body.id,
    groupId,
    volunteerId,
    linkHash: String(link.body.link).split("/").pop() as string,
    date,
    eventUpdate: updateBodyOf(confirmed.body as EventView) as Record<string, unknown>,
    groupUpdate,
  };
}

// ── Hostile values ──────────────────────────────────────────────────────────────────────────────────

/** Whole numbers just past what an integer column holds, and other integers at the edges. */
const edgeIntegers = fc.constantFrom(
  2 ** 31,
  2 ** 31 + 1,
  2 ** 32,
  1e10,
  99999999999,
  Number.MAX_SAFE_INTEGER,
  -(2 ** 31) - 1,
  2 ** 31 - 1,
  -1,
  0,
);
/** Numbers no count or amount is: fractions, -0, unsafe and enormous ones. */
const oddNumbers = fc.constantFrom(-0, 0.5, 1.000001, 5e-324, 2 ** 53, 2 ** 53 + 2, 1e21, Number.MAX_VALUE, -Number.MAX_VALUE);

const numbers = fc.oneof(
  { weight: 4, arbitrary: edgeIntegers },
  { weight: 2, arbitrary: oddNumbers },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Text that looks like a number to someone: what a form field or a careless client sends. */
const numberLike = fc.constantFrom(
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1e309",
  "0x1F",
  "0b101",
  "1_000",
  " 42 ",
  "42abc",
  "٤٢",
  "４２",
  "-0",
  "+1",
  ".5",
  "1e3",
  "2147483648",
  "99999999999999999999999",
  "null",
  "undefined",
  "true",
  "",
  " ",
);

const years = fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 1899, 1969, 1999, 2000, 2100, 2101, 9999));
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Dates and instants, as calendars have them and as they do not. */
const dates = fc.oneof(
  fc.constantFrom(
    "0000-01-01",
    "0001-01-01",
    "1899-12-31",
    "1999-12-31",
    "2100-12-31",
    "2101-01-01",
    "9999-12-31",
    "+275760-09-13",
    "-000001-01-01",
    "2026-02-30",
    "2026-13-01",
    "2026-00-10",
    "2026-1-1",
    "20260601",
    "0000-01-01T00:00",
    "0000-12-31T23:59:59Z",
    "9999-12-31T23:59:59+14:00",
    "2026-06-01T24:00",
    "2026-06-01T08:00:00+99:99",
    "2026-06-01T08:00:00.123456789Z",
    "1970-01-01T00:00:00Z",
    "today",
  ),
  fc
    .tuple(years, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`),
  fc
    .tuple(years, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 25 }))
    .map(([y, m, d, h]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}T${pad(h)}:00`),
);

const texts = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "a".repeat(251),
    "x".repeat(5000),
    "å".repeat(100_000),
    "💥".repeat(2000),
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff\ud800",
    "\u202eevil",
    "\u200b",
    "e\u0301\u0301\u0301\u0301",
    "\r\n\r\nX-Injected: 1",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "'); DROP TABLE users; --",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text a log4j-style lookup would expand
    "${jndi:ldap://x/a}",
    "{{7*7}}",
    "../../../etc/passwd",
    "%00",
    "%zz",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "http://",
    "https://exa mple.se",
    "ftp://example.se",
    "//example.se",
    "mailto:a@b.se",
  ),
);

const ids = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    "00000000-0000-0000-0000-000000000000",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    "{00000000-0000-4000-8000-000000000000}",
    "00000000-0000-4000-8000-00000000000",
    "00000000000040008000000000000000",
    "not-a-uuid",
    "1",
    "-1",
    "0",
  ),
);

const emails = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom(
    "a@b",
    "@",
    "a@@b.se",
    `${"x".repeat(300)}@example.se`,
    '"quoted"@example.se',
    "Åsa@exempel.se",
    "a@b.se\u0000",
    "a@[127.0.0.1]",
    "A@EXAMPLE.SE",
  ),
);

/** Objects whose keys would change a prototype if a parser or a spread took them at their word. */
const prototypeKeys = fc.constantFrom("__proto__", "constructor", "prototype");
const ownKey = (key: string, value: unknown) =>
  Object.defineProperty({}, key, { value, enumerable: true, configurable: true, writable: true });
const prototypeObjects = fc.oneof(
  prototypeKeys.map((k) => ownKey(k, { admin: true, polluted: "yes" })),
  fc.constant({ constructor: { prototype: { admin: true } } }),
);

const nested = (depth: number): unknown => {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** A value that has no business where it is put: the core of every hostile request. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: numbers },
  { weight: 3, arbitrary: numberLike },
  { weight: 3, arbitrary: dates },
  { weight: 3, arbitrary: texts },
  { weight: 2, arbitrary: ids },
  { weight: 1, arbitrary: emails },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, {}, [], [null], [[]], [{}], nested(40), nested(2000)) },
  { weight: 1, arbitrary: prototypeObjects },
  { weight: 1, arbitrary: fc.array(fc.oneof(numbers, texts, dates), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ── Bodies: a valid call of the route, broken ───────────────────────────────────────────────────────

type Path = Array<string | number>;

/** Every place in `value` a hostile value can go: each key and index, containers included (templates are shallow). */
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (at.length >= 6) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...at, i], ...pathsOf(v, [...at, i])]);
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...pathsOf(v, [...at, k])]);
  return [];
}

/**
 * One change to a valid body. A replaced value is mostly of the kind that was there (a number for a
 * number, text or a date for text), which is where a schema's bounds are tested; sometimes anything.
 */
type Edit =
  | { kind: "set"; at: number; typed: boolean; number: unknown; text: unknown; any: unknown }
  | { kind: "delete"; at: number }
  | { kind: "add"; at: number; key: string; value: unknown };

const extraKeys = fc.oneof(
  prototypeKeys,
  fc.constantFrom(
    "",
    " ",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "id",
    "status",
    "version",
    "createdBy",
    "isAdmin",
    "a".repeat(1000),
  ),
);

const edit: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("set" as const),
      at: fc.nat(),
      typed: fc.boolean().chain((b) => (b ? fc.constant(true) : fc.boolean())),
      number: fc.oneof({ weight: 3, arbitrary: numbers }, { weight: 1, arbitrary: numberLike }),
      text: fc.oneof(dates, texts, numberLike, ids),
      any: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("add" as const), at: fc.nat(), key: extraKeys, value: hostileValue }) },
);

const setOwn = (target: object, key: string | number, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });

/** `template` with the edits made: values replaced, keys dropped or added (own keys, `__proto__` too). */
function applyEdits(template: unknown, edits: Edit[]): unknown {
  const copy = structuredClone(template);
  for (const e of edits) {
    const paths = pathsOf(copy);
    if (paths.length === 0) continue;
    const path = paths[e.at % paths.length];
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy) as
      | Record<string | number, unknown>
      | unknown[];
    const key = path[path.length - 1];
    const current = (parent as Record<string | number, unknown>)[key];
    if (e.kind === "set") {
      const typed = typeof current === "number" ? e.number : typeof current === "string" ? e.text : e.any;
      setOwn(parent, key, e.typed ? typed : e.any);
    } else if (e.kind === "delete") {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (current && typeof current === "object" && !Array.isArray(current)) setOwn(current, e.key, e.value);
    else setOwn(parent, key, ownKey(e.key, e.value));
  }
  return copy;
}

/** A body for a route with a valid `template`: mostly the template broken in one to three places. */
function bodyFrom(template: unknown): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: edit.map((e) => JSON.stringify(applyEdits(template, [e]))) },
    {
      weight: 3,
      arbitrary: fc.array(edit, { minLength: 2, maxLength: 3 }).map((edits) => JSON.stringify(applyEdits(template, edits))),
    },
    { weight: 1, arbitrary: fc.constant(JSON.stringify(template)) },
    { weight: 1, arbitrary: fc.constant(JSON.stringify([template])) },
    { weight: 2, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? "null") },
  );
}

/** A body for a route that takes none: whatever a client might send anyway. */
const strayBody: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant("{}") },
  { weight: 2, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? "null") },
);

// ── Paths and query strings ─────────────────────────────────────────────────────────────────────────

/**
 * Percent-encodes any text, lone surrogates too (as the bytes they would have in UTF-8, which are not
 * valid UTF-8: one more thing for the server to refuse). At most `max` characters of it.
 */
function encode(text: string, max = 3000): string {
  return text.slice(0, max).replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (c) => {
    const unit = c.charCodeAt(0);
    if (c.length === 2 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(c);
    const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
  });
}

/** Calls that would remove or close the fixtures' data: their real ids come from the spare event. */
const DESTRUCTIVE = [/^DELETE \/api\/events\/:id$/, /^DELETE \/api\/offers\//, /^POST \/api\/offers\/.*\/reject$/];

/** The real value of a path parameter, by its name and the route it is in. */
function fixtureParam(route: RouteInfo, name: string, fx: Fixtures): string {
  const spare = DESTRUCTIVE.some((d) => d.test(`${route.method} ${route.url}`));
  const event = spare ? fx.spareEventId : fx.eventId;
  if (name === "eventId") return event;
  if (name === "groupId") return fx.groupId;
  if (name === "stationId") return fx.stationId;
  if (name === "stationIdGroupId") return `${fx.stationId}_${fx.groupId}`;
  if (name === "email") return fx.other.email;
  if (name === "hash") return fx.linkHash;
  if (name === "id") return route.url.startsWith("/api/groups/") ? fx.groupId : event;
  return fx.eventId;
}

/** A path segment sent as is: bad escapes, dot segments, NUL. */
const rawSegments = fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "..", "%2e%2e", "%2F", "a%2Fb", ";x=1", "~", "%F0%9F%92%A5");

/** A path parameter that names nothing of ours, or names it oddly. */
function hostileParam(route: RouteInfo, name: string, fx: Fixtures): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(fixtureParam(route, name, fx).toUpperCase()) },
    { weight: 6, arbitrary: fc.oneof(ids, texts, numberLike, dates, emails).map((v) => encode(String(v)) || "x") },
    { weight: 1, arbitrary: rawSegments },
  );
}

/** Query templates of the routes that read a query string. */
function queryTemplates(fx: Fixtures): Record<string, Record<string, string>> {
  return {
    "GET /api/public/events": { startDate: fx.date, endDate: addDays(fx.date, 30) },
    "GET /api/groups/available": {
      eventId: fx.eventId,
      stationId: fx.stationId,
      location: "0180",
      startDate: fx.date,
      endDate: fx.date,
      radiusKm: "50",
    },
    "GET /api/groups/:groupId/offers": { eventId: fx.eventId },
    "GET /api/geo/search": { q: "Sergels torg" },
    "GET /api/geo/reverse": { lat: "59.3326", lng: "18.0649" },
  };
}

const queryValue = fc
  .oneof(hostileValue, numberLike, dates, texts)
  .map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "")));

/** A query string: the template's (if any) with values broken, keys repeated, added or left out. */
function queryArb(template: Record<string, string> | undefined): fc.Arbitrary<string> {
  const keys = Object.keys(template ?? {});
  const entries = fc
    .tuple(
      fc.array(fc.tuple(fc.nat(), queryValue), { maxLength: 3 }),
      fc.array(
        fc.tuple(fc.oneof(fc.constantFrom(...keys, "__proto__", "constructor[prototype]", "a[]", ""), extraKeys), queryValue),
        { maxLength: 2 },
      ),
      fc.subarray(keys),
    )
    .map(([changes, extra, dropped]) => {
      const pairs: Array<[string, string]> = Object.entries(template ?? {}).filter(([k]) => !dropped.includes(k));
      for (const [at, value] of changes) if (pairs.length) pairs[at % pairs.length][1] = value;
      pairs.push(...extra);
      return pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
    });
  return fc.oneof(
    { weight: 6, arbitrary: entries },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "%",
        "%zz=%zz",
        "a=%E0%A4%A",
        "&&&==&",
        "=",
        "a=1&a=2&a=3",
        `q=${"x".repeat(8000)}`,
        "__proto__[a]=1",
        "a=%00",
      ),
    },
    ...(template ? [{ weight: 1, arbitrary: fc.constant(new URLSearchParams(template).toString()) }] : []),
  );
}

// ── Authentication ──────────────────────────────────────────────────────────────────────────────────

/** Routes where the owner's session must not be sent: it would end it and every later request with it. */
const SESSION_ENDING = /^POST \/api\/auth\/(sign-out|refresh)$/;

const garbageTokens = fc.constantFrom(
  "Bearer ",
  "Bearer",
  "Bearer null",
  "Bearer a.b.c",
  "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
  `Bearer ${"x".repeat(8000)}`,
  "Basic YWRtaW46YWRtaW4=",
  "bearer ",
  "Bearer \u00e5\u00e4\u00f6",
);

/** Credentials other than the owner's: another user's, none, or not credentials at all. */
const hostileAuth = (fx: Fixtures): fc.Arbitrary<string | undefined> =>
  fc.oneof(fc.constant(`Bearer ${fx.other.token}`), fc.constant(undefined), garbageTokens);

const garbageCookies = fc.constantFrom(
  "bemanna_refresh=",
  "bemanna_refresh=%",
  "bemanna_refresh=%E0%A4%A",
  `bemanna_refresh=${"a".repeat(4000)}`,
  "bemanna_refresh=a; bemanna_refresh=b",
  "=;;; ;=",
  'bemanna_refresh="unterminated',
  "bemanna_refresh=eyJhbGciOiJIUzI1NiJ9.e30.x",
  "__proto__=1; constructor=2",
);

// ── Requests ────────────────────────────────────────────────────────────────────────────────────────

/** Valid bodies of the routes that take one. A route missing here still gets stray bodies. */
function bodyTemplates(fx: Fixtures): Record<string, unknown> {
  const person = { firstName: "Anna", lastName: "Andersson", phone: "0701234567" };
  return {
    "POST /api/auth/sign-up": {
      email: "probe-new@example.se",
      password: PASSWORD,
      countryCode: "+46",
      language: "sv",
      ...person,
    },
    "POST /api/auth/confirm-sign-up": { email: fx.other.email, code: "123456" },
    "POST /api/auth/resend-code": { email: fx.other.email },
    "POST /api/auth/sign-in": { email: fx.other.email, password: "Fel-lösenord1" },
    "POST /api/auth/complete-new-password": { session: "x", newPassword: PASSWORD },
    "POST /api/auth/forgot-password": { email: fx.other.email },
    "POST /api/auth/confirm-forgot-password": { email: fx.other.email, code: "123456", newPassword: "Funktionar2" },
    "PUT /api/auth/me": { ...person, language: "sv" },
    "POST /api/user": { email: "probe-invite@example.se", firstName: "Bertil", lastName: "Berg", phoneNumber: "+46702222222" },
    "POST /api/events": eventTemplate(fx.date, "Hostila loppet"),
    "PUT /api/events/:id": fx.eventUpdate,
    "POST /api/groups": groupTemplate(fx.date, fx.eventId),
    "PUT /api/groups/:id": fx.groupUpdate,
    "POST /api/groups/:id/confirm": { version: fx.groupUpdate.version },
    "PUT /api/groups/:groupId/availabilities": { version: fx.groupUpdate.version, availabilities: fx.groupUpdate.availabilities },
    "POST /api/offers": { eventId: fx.eventId, stationId: fx.stationId, groupId: fx.groupId, volunteers: 1 },
    "POST /api/offers/:eventId/confirm": {
      offers: [{ groupId: fx.groupId, stationId: fx.stationId }],
      expiresAt: addDays(fx.date, -1),
    },
    "POST /api/events/:eventId/attendance/:stationIdGroupId": { adultAttendance: 1, childAttendance: 0 },
    "POST /api/events/:eventId/sendout": {
      stations: [fx.stationId],
      recipientTypes: ["VOLUNTEERS", "CONTACT_PERSONS"],
      subject: "Inför loppet",
      message: "Samling vid {coordinates}",
      attachments: [],
    },
    "POST /api/link": { groupId: fx.groupId, eventId: fx.eventId },
    "POST /api/groups/addVolunteer": {
      hash: fx.linkHash,
      eventId: fx.eventId,
      volunteer: {
        name: "Siv Berg",
        email: "siv.berg@example.se",
        phone: "0701234568",
        age: 15,
        participation: { specialDiets: ["VEGAN"], shirtSize: "M", substitute: "" },
        guardian: { name: "Stig Berg", email: "stig.berg@example.se" },
      },
      language: "sv",
    },
    "POST /api/events/:id/copy": {
      name: "Provloppet igen",
      date: addDays(fx.date, 365),
      city: "Lund",
      startTime: "09:00",
      offers: [{ groupId: fx.groupId, stationId: fx.stationId }],
    },
    "POST /api/offers/groups/:groupId/:eventId/:stationId": {
      attendees: [fx.volunteerId],
      participation: [{ volunteerId: fx.volunteerId, specialDiets: ["VEGAN"], shirtSize: "M", substitute: "" }],
    },
  };
}

interface Parts {
  params: string[];
  query: string;
  body: string | undefined;
  auth: string | undefined;
  cookie: string | undefined;
}

/** A route's valid call, in parts, and how parts become a request. */
function callOf(route: RouteInfo, fx: Fixtures) {
  const key = `${route.method} ${route.url}`;
  const template = bodyTemplates(fx)[key];
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  const query = queryTemplates(fx)[key];
  const valid: Parts = {
    params: names.map((n) => fixtureParam(route, n, fx)),
    query: query ? new URLSearchParams(query).toString() : "",
    body: template === undefined ? undefined : JSON.stringify(template),
    auth: SESSION_ENDING.test(key) ? undefined : `Bearer ${fx.owner.token}`,
    cookie: undefined,
  };
  /** The valid call with `broken` parts in place of the valid ones. */
  const build = (broken: Partial<Parts>): HostileRequest => {
    const p = { ...valid, ...broken };
    let i = 0;
    const path = route.url.replace(/:([A-Za-z]+)/g, () => p.params[i++]) + (p.query ? `?${p.query}` : "");
    const headers: Record<string, string> = {};
    if (p.auth !== undefined) headers.authorization = p.auth;
    if (p.cookie !== undefined) headers.cookie = p.cookie;
    if (p.body !== undefined) headers["content-type"] = "application/json";
    return { method: route.method, path, headers, body: p.body, route: key };
  };
  return { template, names, query, valid, build };
}

/**
 * Hostile requests for one route. Most break one part of a valid call (the body, a path parameter, the
 * query, the credentials or the cookie) and keep the rest valid, so the broken part gets as far into the
 * app as it can; some break everything at once.
 */
export function requestsFor(route: RouteInfo, fx: Fixtures): fc.Arbitrary<HostileRequest> {
  const { template, names, query, valid, build } = callOf(route, fx);
  const hostile = {
    params: fc.tuple(...names.map((n) => hostileParam(route, n, fx))),
    query: queryArb(query),
    body: template === undefined ? strayBody : bodyFrom(template),
    auth: hostileAuth(fx),
    cookie: garbageCookies,
  };
  const breaking = (parts: Partial<{ [K in keyof Parts]: fc.Arbitrary<Parts[K]> }>) =>
    fc.record(parts as Record<string, fc.Arbitrary<unknown>>).map((broken) => build(broken as Partial<Parts>));
  return fc.oneof(
    { weight: template === undefined ? 2 : 8, arbitrary: breaking({ body: hostile.body }) },
    ...(names.length ? [{ weight: 2, arbitrary: breaking({ params: hostile.params }) }] : []),
    { weight: query ? 3 : 1, arbitrary: breaking({ query: hostile.query }) },
    { weight: 1, arbitrary: breaking({ auth: hostile.auth }) },
    { weight: 1, arbitrary: breaking({ cookie: hostile.cookie }) },
    {
      weight: 1,
      arbitrary: breaking({
        ...hostile,
        auth: fc.oneof(fc.constant(valid.auth), hostile.auth),
        cookie: fc.option(garbageCookies, { nil: undefined }),
      }),
    },
  );
}

// ── Boundaries, one field at a time ─────────────────────────────────────────────────────────────────

/** What every number of a body is tried with: the edges of an integer column and of a number at all. */
const NUMBER_EDGES: unknown[] = [2 ** 31, 2 ** 31 - 1, 1e10, -1, 0.5, 2 ** 53 + 2, "2147483648", "NaN", null, {}];
/** What every text of a body is tried with: dates outside any sensible year, sizes, schemes, odd code units. */
const TEXT_EDGES: unknown[] = [
  "0000-01-01",
  "9999-12-31",
  "2101-01-01",
  "0000-01-01T00:00",
  "9999-12-31T23:59:59+14:00",
  "2026-02-30",
  "x".repeat(10_000),
  "",
  "javascript:alert(1)",
  "\ud800",
  2 ** 31,
  [],
];
/** What every list, object, flag and null of a body is tried with. */
const OTHER_EDGES: unknown[] = [null, {}, [], "x", 2 ** 31, true];
/** What every path parameter is tried with. */
const PARAM_EDGES = [
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "2147483648",
  "%zz",
  "..",
  "%ED%A0%80",
  "a".repeat(300),
];
/** What every query parameter is tried with (a key given twice comes out as a list). */
const QUERY_EDGES = ["", "0000-01-01", "9999-12-31", "2147483648", "-1", "NaN", "x".repeat(3000), "%zz"];

/**
 * The same edges for every field of a route, one field at a time, the rest of the call valid: a
 * deterministic sweep that random requests would take long to cover (a body has dozens of fields).
 */
export function boundaryRequests(route: RouteInfo, fx: Fixtures): HostileRequest[] {
  const { template, names, query, valid, build } = callOf(route, fx);
  // The call as it should be made first: every route has one, also those without a body, path or query.
  const out: HostileRequest[] = [build({})];
  if (template !== undefined)
    for (const path of pathsOf(template)) {
      const current = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], template);
      const edges = typeof current === "number" ? NUMBER_EDGES : typeof current === "string" ? TEXT_EDGES : OTHER_EDGES;
      const lists = Array.isArray(current) && current.length ? [Array.from({ length: 1001 }, () => current[0])] : [];
      for (const value of [...edges, ...lists]) {
        const body = structuredClone(template);
        const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body);
        setOwn(parent as object, path[path.length - 1], value);
        out.push(build({ body: JSON.stringify(body) }));
      }
    }
  names.forEach((_, at) => {
    for (const edge of PARAM_EDGES) out.push(build({ params: valid.params.map((p, i) => (i === at ? edge : p)) }));
  });
  for (const key of Object.keys(query ?? {})) {
    const others = new URLSearchParams(query);
    for (const edge of QUERY_EDGES) {
      others.set(key, "");
      out.push(build({ query: others.toString().replace(`${encode(key)}=`, `${encode(key)}=${edge}`) }));
    }
    out.push(build({ query: `${valid.query}&${encode(key)}=${encode(String(query?.[key]))}` }));
  }
  return out;
}

// ── What only a socket can send ─────────────────────────────────────────────────────────────────────

const CRLF = "\r\n";

/** The request as bytes, with the usual framing (the probe sends every request this way). */
export function toBytes(r: HostileRequest): Buffer {
  if (r.raw) return r.raw;
  const body = r.body === undefined ? undefined : Buffer.from(r.body, "utf8");
  const lines = [`${r.method} ${r.path} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"];
  for (const [k, v] of Object.entries(r.headers)) lines.push(`${k}: ${v}`);
  if (body && !Object.keys(r.headers).some((k) => k.toLowerCase() === "content-length"))
    lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(lines.join(CRLF) + CRLF + CRLF, "latin1");
  return body ? Buffer.concat([head, body]) : head;
}

const mediaTypes = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/jsonx",
  "APPLICATION/JSON",
  "application/json;;;",
  "application/json, text/plain",
  "*/*",
  "",
  `application/${"x".repeat(3000)}`,
);

const brokenJson = (valid: string) =>
  fc.constantFrom(
    valid.slice(0, Math.max(1, Math.floor(valid.length / 2))),
    `${valid}}`,
    `${valid} trailing`,
    `\ufeff${valid}`,
    valid.replace(/"/g, "'"),
    '{"a":1,}',
    "{a:1}",
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"a": 1e999999}',
    '{"a": -}',
    '{"a": /* comment */ 1}',
    '{"a":1,"a":2}',
    '{"__proto__": {"admin": true}}',
    '{"constructor": {"prototype": {"admin": true}}}',
    '"\\ud800"',
    '"\\u0000"',
    "",
    " ",
    "null",
    "[".repeat(20_000) + "]".repeat(20_000),
    `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`,
    `[${"0,".repeat(200_000)}0]`,
  );

/** Socket-level variants of a route's request: framing, media types, lengths, sizes, methods, paths, headers. */
function wireVariant(base: HostileRequest): fc.Arbitrary<HostileRequest> {
  const valid = base.body ?? "{}";
  const size = Buffer.byteLength(valid);
  const withHeaders = (extra: Record<string, string>, body = base.body) => ({
    ...base,
    headers: { ...base.headers, ...extra },
    body,
  });
  const raw = (text: string | Buffer) => ({ ...base, raw: Buffer.isBuffer(text) ? text : Buffer.from(text, "latin1") });
  const requestLine = (method: string, path: string, version = "HTTP/1.1") =>
    raw(`${method} ${path} ${version}${CRLF}Host: 127.0.0.1${CRLF}Connection: close${CRLF}${CRLF}`);
  return fc.oneof(
    mediaTypes.map((type) => withHeaders({ "content-type": type }, valid)),
    brokenJson(valid).map((body) => withHeaders({ "content-type": "application/json" }, body)),
    fc
      .constantFrom(1024 * 1024 + 1, 3 * 1024 * 1024)
      .map((n) => withHeaders({ "content-type": "application/json" }, `"${"a".repeat(n)}"`)),
    // Lengths that are wrong, never longer than the body: a longer one only keeps the server waiting for bytes.
    fc
      .constantFrom(
        "0",
        "1",
        String(size - 1),
        ` ${size}`,
        `${size}, ${size}`,
        `${size}, ${size + 1}`,
        "abc",
        "-1",
        "1e3",
        "18446744073709551616",
      )
      .map((length) => withHeaders({ "content-type": "application/json", "content-length": length }, valid)),
    fc.constant(
      withHeaders({ "content-type": "application/json", "content-length": String(size) }, `${valid}GARBAGE / HTTP/1.1`),
    ),
    fc
      .constantFrom(
        `${base.method} ${base.path} HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}Content-Type: application/json${CRLF}Transfer-Encoding: chunked${CRLF}Content-Length: 3${CRLF}${CRLF}zz${CRLF}{}${CRLF}0${CRLF}${CRLF}`,
        `${base.method} ${base.path} HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}Content-Type: application/json${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}2${CRLF}{}${CRLF}0${CRLF}${CRLF}`,
        `${base.method} ${base.path} HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}Transfer-Encoding: gzip, chunked${CRLF}${CRLF}0${CRLF}${CRLF}`,
        `${base.method} ${base.path} HTTP/1.1${CRLF}Connection: close${CRLF}${CRLF}`,
        `${base.method} ${base.path} HTTP/1.1\nHost: x\nConnection: close\n\n`,
        `${base.method} ${base.path} HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}Expect: 100-continue${CRLF}Content-Length: 2${CRLF}Content-Type: application/json${CRLF}${CRLF}{}`,
        `${base.method} ${base.path} HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}X-Big: ${"a".repeat(20_000)}${CRLF}${CRLF}`,
        `${base.method} ${base.path} HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}${Array.from({ length: 300 }, (_, i) => `X-H${i}: ${i}`).join(CRLF)}${CRLF}${CRLF}`,
        `${base.method} ${base.path} HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}Bad Header: 1${CRLF}${CRLF}`,
        `${base.method} ${base.path} HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}Accept-Language: ${"ö,".repeat(500)}${CRLF}Accept: */*;q=x${CRLF}${CRLF}`,
      )
      .map(raw),
    fc
      .constantFrom("PATCH", "OPTIONS", "TRACE", "PROPFIND", "SEARCH", "get", "G\u00c9T", "A".repeat(200))
      .map((m) => requestLine(m, base.path)),
    fc
      .constantFrom(
        "//api//events",
        "/api/events/%",
        "/api/%2e%2e/%2e%2e/etc/passwd",
        "/api/../../etc/passwd",
        `/api/events/${"a".repeat(9000)}`,
        "/api/events?%",
        "/api/events#frag",
        "*",
        "http://evil.example/api/events",
        "/api/\u00e5\u00e4\u00f6",
        "/api/events/;jsessionid=1",
        "/%00",
        "/api/events/%c0%ae%c0%ae",
        "/API/EVENTS",
        "/api/events/",
      )
      .map((p) => requestLine(base.method, p)),
    fc
      .constantFrom("HTTP/1.0", "HTTP/2.0", "HTTP/0.9", "HTTP/9.9", "HTTP/1.1x", "")
      .map((v) => requestLine(base.method, base.path, v)),
    fc.constant(raw(Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00]))),
  );
}

/** The probe's requests: route requests as the property test sends them, and a quarter socket-level ones. */
export function probeRequests(routes: RouteInfo[], fx: Fixtures): fc.Arbitrary<HostileRequest> {
  return fc
    .constantFrom(...routes)
    .chain((route) =>
      fc.oneof(
        { weight: 3, arbitrary: requestsFor(route, fx) },
        { weight: 1, arbitrary: requestsFor(route, fx).chain(wireVariant) },
      ),
    );
}
