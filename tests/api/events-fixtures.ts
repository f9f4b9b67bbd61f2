import { updateBodyOf } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";
import { addDays, stockholmToday } from "#shared/validation";
import type { TestApp } from "../helpers/app.ts";
import { call } from "../helpers/http.ts";

/** A date `days` ahead of the app's clock, in Stockholm. */
export function dayFromNow(app: TestApp, days: number): string {
  return addDays(stockholmToday(app.clock.now()), days);
}

export function stationBody(date: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Entrén",
    description: "Biljettkontroll vid huvudentrén",
    start: `${date}T08:00`,
    end: `${date}T18:00`,
    municipality: "0180",
    markerLocation: "Sergels torg, Stockholm",
    markerCoordinates: { lat: 59.3326, lng: 18.0649 },
    teamLeaderEmail: "",
    officialQuantity: 10,
    officialMiniumumAge: 15,
    skills: ["DRIVING_LICENCE_B"],
    paymentType: "GROUPPAYMENT",
    currency: "SEK",
    groupPayment: 5000,
    paymentAdult: null,
    paymentChild: null,
    ...overrides,
  };
}

export function eventBody(app: TestApp, overrides: Record<string, unknown> = {}) {
  return eventBodyOn(dayFromNow(app, 30), overrides);
}

/** The tests' event on `date`. */
export function eventBodyOn(date: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Stockholm Stadslopp",
    date,
    startTime: "09:30",
    city: "Stockholm",
    included: ["CLOTHES"],
    shirtSizes: ["XL", "S", "M"],
    foodOptions: ["VEGAN"],
    substitute: true,
    organizerNumber: "802000-1239",
    organizerName: "Stockholms Löparklubb",
    organizerWebsite: "https://example.se",
    organizerEmail: "info@example.se",
    invoiceAddress: "Box 1, 111 11 Stockholm",
    contactPersons: [],
    stations: [],
    ...overrides,
  };
}

export async function createEvent(app: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(app.server, "POST", "/api/events", { token, body: eventBody(app, overrides) });
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The event as PUT wants it back: the view minus what the server derives (the client's own function). */
// biome-ignore lint/suspicious/noExplicitAny: a JSON view from the API, shaped by the test that passes it.
export function asUpdate(view: Record<string, any>, changes: Record<string, unknown> = {}): Record<string, any> {
  return updateBodyOf(view as EventView, changes);
}
