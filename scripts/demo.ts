/**
 * Fills an empty database with a believable organizer, events in every status and stations around Sweden,
 * volunteer groups with their contacts, and offers in every state on the confirmed event:
 *   npm run demo            (DATA_DIR or DATABASE_URL, as the server uses them)
 * Then start the server and sign in with the e-mails and password printed at the end.
 */
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { addDays, stockholmToday } from "#shared/validation";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite, openPostgres } from "../src/server/db/client.ts";
import { events, offers, users } from "../src/server/db/schema.ts";
import { offersSweep } from "../src/server/features/offers/service.ts";

const PASSWORD = "Arrangor2025";
const ORGANIZER = "karin.lindqvist@example.se";
/** The contact of two football teams: sees the offers to them, answers them and names who comes. */
const GROUP_CONTACT = "lisa.ek@example.se";

const people = [
  { email: ORGANIZER, firstName: "Karin", lastName: "Lindqvist", phone: "+46701234567" },
  { email: "johan.berg@example.se", firstName: "Johan", lastName: "Berg", phone: "+46702345678" },
  { email: "sara.nilsson@example.se", firstName: "Sara", lastName: "Nilsson", phone: "+46703456789" },
  { email: "ahmed.hassan@example.se", firstName: "Ahmed", lastName: "Hassan", phone: "+46704567890" },
  { email: GROUP_CONTACT, firstName: "Lisa", lastName: "Ek", phone: "+46705678901" },
  { email: "mats.holm@example.se", firstName: "Mats", lastName: "Holm", phone: "+46706789012" },
  { email: "emma.sjoberg@example.se", firstName: "Emma", lastName: "Sjöberg", phone: "+46707890123" },
];

interface StationSeed {
  name: string;
  description: string;
  municipality: string;
  place: string;
  lat: number;
  lng: number;
  quantity: number;
  age: number;
  from: string;
  to: string;
  leader?: string;
  payment: Record<string, unknown>;
}

function station(date: string, s: StationSeed) {
  return {
    name: s.name,
    description: s.description,
    start: `${date}T${s.from}`,
    end: `${date}T${s.to}`,
    municipality: s.municipality,
    markerLocation: s.place,
    markerCoordinates: { lat: s.lat, lng: s.lng },
    teamLeaderEmail: s.leader ?? "",
    officialQuantity: s.quantity,
    officialMiniumumAge: s.age,
    skills: [],
    paymentType: "NOCOMPENSATION",
    ...s.payment,
  };
}

const groupPay = (amount: number) => ({ paymentType: "GROUPPAYMENT", currency: "SEK", groupPayment: amount });
const perPerson = (adult: number, child: number) => ({
  paymentType: "PERPERSON",
  currency: "SEK",
  paymentAdult: adult,
  paymentChild: child,
});

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "error", JOBS: "false" });
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(path.resolve(config.DATA_DIR, "db"));
  try {
    const [{ n }] = await database.db.select({ n: count() }).from(users);
    if (n > 0) {
      console.error(`The database already has ${n} user(s); the demo only fills an empty one. Use a fresh DATA_DIR.`);
      process.exitCode = 1;
      return;
    }
    const { server, ctx } = await buildApp({ config, database, webRoot: "/nonexistent" });
    const passwordHash = await ctx.hasher.hash(PASSWORD);
    for (const p of people)
      await database.db.insert(users).values({ ...p, passwordHash, status: "CONFIRMED", emailVerified: true, language: "sv" });

    /** The API as one of the demo people: every write goes through the same rules as in the product. */
    const apiAs = async (email: string) => {
      const signIn = await server.inject({ method: "POST", url: "/api/auth/sign-in", payload: { email, password: PASSWORD } });
      const token = signIn.json().accessToken as string;
      return async (url: string, payload?: unknown) => {
        const res = await server.inject({
          method: "POST",
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(payload ? { payload: payload as object } : {}),
        });
        if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return res.statusCode === 204 ? undefined : res.json();
      };
    };
    const post = await apiAs(ORGANIZER);

    const today = stockholmToday(new Date());
    const organizer = {
      organizerNumber: "802479-0340",
      organizerName: "Föreningen Svenska Lopp",
      organizerWebsite: "https://example.se/lopp",
      organizerEmail: "info@example.se",
      invoiceAddress: "Föreningen Svenska Lopp\nBox 123\n111 22 Stockholm",
      contactPersons: [{ email: "johan.berg@example.se", name: "Johan Berg" }],
    };

    const midsummer = addDays(today, 45);
    const confirmed = await post("/api/events", {
      ...organizer,
      name: "Midsommarloppet Stockholm",
      date: midsummer,
      startTime: "10:00",
      city: "Stockholm",
      included: ["CLOTHES", "FOOD"],
      shirtSizes: ["S", "M", "L", "XL"],
      foodOptions: ["VEGETARIAN", "GLUTEN_FREE"],
      substitute: true,
      stations: [
        station(midsummer, {
          name: "Start och mål",
          description: "Nummerlappar, målgång och medaljutdelning vid Stadion.",
          municipality: "0180",
          place: "Stockholms stadion, Lidingövägen 1",
          lat: 59.3454,
          lng: 18.0787,
          quantity: 25,
          age: 15,
          from: "07:00",
          to: "16:00",
          leader: "sara.nilsson@example.se",
          payment: groupPay(12000),
        }),
        station(midsummer, {
          name: "Vätska Djurgården",
          description: "Vätskekontroll vid 5 km: dela ut vatten och sportdryck, håll rent runt stationen.",
          municipality: "0180",
          place: "Djurgårdsbrunnsvägen, Stockholm",
          lat: 59.3326,
          lng: 18.1155,
          quantity: 12,
          age: 13,
          from: "09:00",
          to: "14:00",
          payment: perPerson(400, 250),
        }),
        station(midsummer, {
          name: "Parkering Solna",
          description: "Vägvisning på parkeringen vid arenan.",
          municipality: "0184",
          place: "Arenavägen, Solna",
          lat: 59.3721,
          lng: 18.0008,
          quantity: 8,
          age: 18,
          from: "06:30",
          to: "12:00",
          payment: { paymentType: "HOURLYRATE", currency: "SEK", paymentAdult: 150, paymentChild: 100 },
        }),
      ],
    });
    await post(`/api/events/${confirmed.id}/confirm`);

    const autumn = addDays(today, 90);
    await post("/api/events", {
      ...organizer,
      name: "Göteborgs Höstfestival",
      date: autumn,
      startTime: "12:00",
      city: "Göteborg",
      included: ["FOOD"],
      foodOptions: ["VEGAN", "LACTOSE_FREE"],
      stations: [
        station(autumn, {
          name: "Entré Slottsskogen",
          description: "Biljettkontroll och information vid huvudentrén.",
          municipality: "1480",
          place: "Slottsskogen, Göteborg",
          lat: 57.6858,
          lng: 11.9441,
          quantity: 15,
          age: 16,
          from: "11:00",
          to: "20:00",
          leader: "ahmed.hassan@example.se",
          payment: groupPay(8000),
        }),
        station(autumn, {
          name: "Miljöstation",
          description: "Sopsortering och pant, hjälp besökarna att sortera rätt.",
          municipality: "1480",
          place: "Plikta, Slottsskogen",
          lat: 57.6837,
          lng: 11.9386,
          quantity: 10,
          age: 13,
          from: "12:00",
          to: "21:00",
          payment: { paymentType: "COMPENSATIONBYAGREEMENT" },
        }),
      ],
    });

    const winter = addDays(today, 200);
    await post("/api/events", {
      ...organizer,
      name: "Vasaloppet Motion (utkast)",
      date: winter,
      startTime: "08:00",
      city: "Mora",
      stations: [
        station(winter, {
          name: "Kontroll Evertsberg",
          description: "Blåbärssoppa och uppmuntran vid kontrollen.",
          municipality: "2062",
          place: "Evertsberg",
          lat: 61.1336,
          lng: 14.0072,
          quantity: 30,
          age: 15,
          from: "07:00",
          to: "17:00",
          payment: perPerson(500, 300),
        }),
      ],
    });

    // Past events cannot be made through the API (dates must lie ahead), so two are moved back in time.
    const pastDate = addDays(today, -60);
    const past = await post("/api/events", {
      ...organizer,
      name: "Malmö Stadsfest",
      date: addDays(today, 1),
      startTime: "14:00",
      city: "Malmö",
      stations: [
        station(addDays(today, 1), {
          name: "Scenvakt",
          description: "Publikvärd vid stora scenen.",
          municipality: "1280",
          place: "Gustav Adolfs torg, Malmö",
          lat: 55.6036,
          lng: 13.0007,
          quantity: 20,
          age: 18,
          from: "13:00",
          to: "23:00",
          payment: groupPay(10000),
        }),
      ],
    });
    await post(`/api/events/${past.id}/confirm`);
    await database.db
      .update(events)
      .set({ date: pastDate, status: "HISTORIC", historicAt: new Date(), version: sql`${events.version} + 1` })
      .where(eq(events.id, past.id));

    const north = addDays(today, 1);
    const kiruna = await post("/api/events", {
      ...organizer,
      name: "Kiruna Snöfestival",
      date: north,
      startTime: "11:00",
      city: "Kiruna",
      stations: [
        station(north, {
          name: "Snöskulpturer",
          description: "Hjälp konstnärerna med snö och avspärrningar.",
          municipality: "2584",
          place: "Stadshustorget, Kiruna",
          lat: 67.8557,
          lng: 20.2253,
          quantity: 10,
          age: 15,
          from: "09:00",
          to: "17:00",
          payment: groupPay(6000),
        }),
      ],
    });
    await post(`/api/events/${kiruna.id}/confirm`);
    // Three days ago: still in the list (past means more than 7 days), and still CONFIRMED.
    await database.db
      .update(events)
      .set({ date: addDays(today, -3) })
      .where(eq(events.id, kiruna.id));

    // Volunteer groups (Karin also leads a club: one login can switch roles), with availability around the events.
    const volunteer = (name: string, email: string, phone: string, age: number) => ({ name, email, phone, age });
    const ifk = await post("/api/groups", {
      name: "IFK Exempel P12",
      organizationNumber: "802000-1239",
      organizationName: "IFK Exempel",
      municipality: "0180",
      numberOfMembers: 18,
      ages: ["12", "13", "18+"],
      sport: 26,
      skills: ["CHOIR_SINGING"],
      contactPersons: [{ email: "johan.berg@example.se", name: "Johan Berg" }],
      volunteers: [
        volunteer("Elsa Lindqvist", "elsa.lindqvist@example.se", "+46705550101", 12),
        volunteer("Omar Farah", "omar.farah@example.se", "+46705550102", 13),
        volunteer("Wilma Ek", "wilma.ek@example.se", "+46705550103", 12),
        volunteer("Per Lindqvist", "per.lindqvist@example.se", "+46705550104", 44),
      ],
      availabilities: [
        { type: "EVENT", eventId: confirmed.id, location: "0180" },
        { type: "PERIOD", startDate: addDays(midsummer, -7), endDate: addDays(midsummer, 7), location: "0184" },
      ],
    });
    await post(`/api/groups/${ifk.id}/confirm`, { version: ifk.version });
    await post("/api/groups", {
      name: "Hisingens Friidrott F14",
      organizationNumber: "802479-0340",
      organizationName: "Hisingens Friidrottsklubb",
      municipality: "1480",
      numberOfMembers: 11,
      ages: ["14", "15"],
      sport: 27,
      skills: [],
      volunteers: [volunteer("Alva Johansson", "alva.johansson@example.se", "+46705550201", 14)],
      availabilities: [{ type: "PERIOD", startDate: addDays(autumn, -2), endDate: addDays(autumn, 2), location: "1480" }],
    });
    const school = await post("/api/groups", {
      name: "Klass 9B",
      organizationNumber: "212000-0142",
      organizationName: "Kirunaskolan",
      municipality: "2584",
      numberOfMembers: 24,
      ages: ["15", "16"],
      sport: 0,
      skills: [],
      availabilities: [{ type: "PERIOD", startDate: today, endDate: addDays(today, 30), location: "2584" }],
    });
    await post(`/api/groups/${school.id}/confirm`, { version: school.version });

    // Groups with contacts of their own, around the confirmed event: two teams of Lisa Ek's, a school class
    // and a scout troop. Each contact creates and confirms their group.
    const around = [
      { type: "EVENT", eventId: confirmed.id, location: "0180" },
      { type: "PERIOD", startDate: addDays(midsummer, -3), endDate: addDays(midsummer, 3), location: "0180" },
    ];
    const confirmedGroup = async (by: typeof post, body: Record<string, unknown>) => {
      const group = await by("/api/groups", { organizationNumber: "802479-0340", skills: [], ...body });
      return by(`/api/groups/${group.id}/confirm`, { version: group.version });
    };
    const lisa = await apiAs(GROUP_CONTACT);
    const hammarby = await confirmedGroup(lisa, {
      name: "Hammarby IF F15",
      organizationName: "Hammarby IF Fotbollförening",
      municipality: "0180",
      numberOfMembers: 26,
      ages: ["14", "15", "16", "18+"],
      sport: 26,
      volunteers: [
        volunteer("Ella Andersson", "ella.andersson@example.se", "+46705550301", 15),
        volunteer("Maja Karlsson", "maja.karlsson@example.se", "+46705550302", 15),
        volunteer("Alice Nilsson", "alice.nilsson@example.se", "+46705550303", 16),
        volunteer("Ebba Lindberg", "ebba.lindberg@example.se", "+46705550304", 15),
        volunteer("Agnes Bergström", "agnes.bergstrom@example.se", "+46705550305", 16),
        volunteer("Nora Axelsson", "nora.axelsson@example.se", "+46705550306", 15),
        volunteer("Amira Khalil", "amira.khalil@example.se", "+46705550307", 16),
        volunteer("Tyra Sandberg", "tyra.sandberg@example.se", "+46705550308", 15),
        volunteer("Selma Holm", "selma.holm@example.se", "+46705550309", 14),
        volunteer("Freja Lundgren", "freja.lundgren@example.se", "+46705550310", 14),
        volunteer("Lisa Ek", GROUP_CONTACT, "+46705678901", 46),
        volunteer("Henrik Wallin", "henrik.wallin@example.se", "+46705550311", 49),
      ],
      availabilities: around,
    });
    const enskede = await confirmedGroup(lisa, {
      name: "Enskede IK P14",
      organizationName: "Enskede IK",
      municipality: "0180",
      numberOfMembers: 20,
      ages: ["13", "14", "18+"],
      sport: 26,
      volunteers: [
        volunteer("Liam Johansson", "liam.johansson@example.se", "+46705550401", 14),
        volunteer("Noah Persson", "noah.persson@example.se", "+46705550402", 14),
        volunteer("William Svensson", "william.svensson@example.se", "+46705550403", 13),
        volunteer("Hugo Gustafsson", "hugo.gustafsson@example.se", "+46705550404", 14),
        volunteer("Ali Mohammed", "ali.mohammed@example.se", "+46705550405", 14),
        volunteer("Erik Persson", "erik.persson@example.se", "+46705550406", 45),
      ],
      availabilities: around,
    });
    const schoolClass = await confirmedGroup(await apiAs("mats.holm@example.se"), {
      name: "Klass 8A",
      organizationName: "Södermalmsskolan",
      municipality: "0180",
      numberOfMembers: 27,
      ages: ["14", "15"],
      sport: 0,
      volunteers: [
        volunteer("Vera Lind", "vera.lind@example.se", "+46705550501", 15),
        volunteer("Melvin Åberg", "melvin.aberg@example.se", "+46705550502", 15),
      ],
      availabilities: around,
    });
    const scouts = await confirmedGroup(await apiAs("emma.sjoberg@example.se"), {
      name: "Solna Scoutkår",
      organizationName: "Solna Scoutkår",
      municipality: "0184",
      numberOfMembers: 22,
      ages: ["16", "17", "18+"],
      sport: 0,
      volunteers: [
        volunteer("Oskar Dahl", "oskar.dahl@example.se", "+46705550601", 19),
        volunteer("Linnea Falk", "linnea.falk@example.se", "+46705550602", 22),
      ],
      availabilities: [
        { type: "EVENT", eventId: confirmed.id, location: "0184" },
        { type: "PERIOD", startDate: addDays(midsummer, -14), endDate: addDays(midsummer, 14), location: "0184" },
      ],
    });

    // Offers on the confirmed event, one in every state. Karin drafts them and sends all but one; Lisa
    // answers hers and names who comes; one invitation's answer-by date has passed.
    const stationId = (name: string) =>
      (confirmed.stations as Array<{ id: string; name: string }>).find((s) => s.name === name)?.id;
    const start = stationId("Start och mål");
    const water = stationId("Vätska Djurgården");
    const parking = stationId("Parkering Solna");
    const offer = (group: { id: string }, station: string | undefined, volunteers: number) =>
      post("/api/offers", { eventId: confirmed.id, stationId: station, groupId: group.id, volunteers });
    await offer(hammarby, start, 10);
    await offer(enskede, start, 8);
    await offer(schoolClass, start, 6);
    await offer(hammarby, water, 4);
    await offer(enskede, water, 6);
    await offer(scouts, parking, 5);
    const toSend = [
      [hammarby, start],
      [enskede, start],
      [schoolClass, start],
      [hammarby, water],
      [enskede, water],
    ] as const;
    await post(`/api/offers/${confirmed.id}/confirm`, {
      offers: toSend.map(([group, station]) => ({ groupId: group.id, stationId: station })),
      expiresAt: addDays(today, 10),
    });
    const key = (group: { id: string }, station: string | undefined) => `${confirmed.id}/${group.id}/${station}`;
    await lisa(`/api/offers/${key(hammarby, start)}/accept`);
    await lisa(`/api/offers/${key(enskede, start)}/reject`);
    const shirts = ["M", "S", "M", "L", "S", "M", "L", "XL"];
    const coming = (hammarby.volunteers as Array<{ id: string; age: number }>).filter((v) => v.age >= 15).slice(0, 8);
    await lisa(`/api/offers/groups/${hammarby.id}/${confirmed.id}/${start}`, {
      attendees: coming.map((v) => v.id),
      participation: coming.map((v, i) => ({
        volunteerId: v.id,
        shirtSize: shirts[i],
        specialDiets: i === 2 ? ["VEGETARIAN"] : [],
      })),
    });
    // Hammarby's sign-up link, through which a member has signed up who waits for her guardian's yes.
    const signUp = (await lisa("/api/link", { groupId: hammarby.id, eventId: confirmed.id })) as { link: string; url: string };
    const joined = await server.inject({
      method: "POST",
      url: "/api/groups/addVolunteer",
      payload: {
        hash: signUp.link.split("/").pop(),
        eventId: confirmed.id,
        volunteer: {
          name: "Wilma Lund",
          email: "wilma.lund@example.se",
          phone: "0705550399",
          age: 14,
          participation: { shirtSize: "S", specialDiets: [] },
          guardian: { name: "Anna Lund", email: "anna.lund@example.se" },
        },
      },
    });
    if (joined.statusCode !== 201) throw new Error(`sign-up through the link: ${joined.statusCode} ${joined.body}`);

    // Time passes for one invitation (sent two weeks ago, reminded, its answer-by date a week gone); then the
    // scheduler's sweep expires it as it would, mailing the group and the organizers.
    const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000);
    await database.db
      .update(offers)
      .set({ createdAt: days(-15), sentAt: days(-14), remindedAt: days(-9), expiresAt: days(-7) })
      .where(and(eq(offers.eventId, confirmed.id), eq(offers.groupId, enskede.id), eq(offers.stationId, water as string)));
    const sweep = offersSweep(ctx);
    await database.db.transaction((tx) => sweep.run(tx, new Date()));

    await server.close();
    const where = config.DATABASE_URL ? "DATABASE_URL" : path.resolve(config.DATA_DIR, "db");
    console.log(`
Demo data is in ${where}:
  5 events (draft, confirmed, confirmed three days ago, historic) with 8 stations around Sweden,
  organizer Karin Lindqvist with co-organizer Johan Berg; team leaders Sara Nilsson and Ahmed Hassan.
  3 volunteer groups of Karin's (two confirmed) with volunteers and availability around the events,
  4 more with contacts of their own: Lisa Ek's Hammarby IF F15 and Enskede IK P14, Klass 8A, Solna Scoutkår.
  Offers on Midsommarloppet Stockholm in every state: draft, sent (awaiting an answer), accepted with named
  volunteers and shirt sizes, declined, and expired. Hammarby's sign-up link for it, through which Wilma Lund
  (14) has signed up and waits for her guardian's yes (the guardian's mail is in the mailbox):
  ${signUp.url}

Start the server (npm start, or npm run dev) and sign in at ${new URL("/login", config.PUBLIC_URL)}
  organizer:      ${ORGANIZER}
  group contact:  ${GROUP_CONTACT}
  password:       ${PASSWORD}
(The other demo people use the same password.)`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error("The demo data could not be written:", err);
  process.exit(1);
});
