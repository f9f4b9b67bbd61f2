import { describe, expect, it } from "vitest";
import { mapLink } from "../geo/map-link.ts";
import { COORDINATES_TAG, canOpenAttachments, fillCoordinates, noRecipientsReason, recipientsAt } from "./rules.ts";

describe("fillCoordinates", () => {
  const place = { lat: 59.3326, lng: 18.0649 };

  it("puts the station's map link with 6 decimals where the tag is, every time it is", () => {
    const text = fillCoordinates("Samling här: {coordinates}\nParkering: {coordinates}", place);
    expect(text).toBe(`Samling här: ${mapLink(place)}\nParkering: ${mapLink(place)}`);
    expect(text).toContain("mlat=59.332600&mlon=18.064900");
  });

  it("takes the tag as people type it", () => {
    expect(fillCoordinates("{ Coordinates }", place)).toBe(mapLink(place));
  });

  it("leaves a message without the tag as it is", () => {
    expect(fillCoordinates("Välkomna! {koordinater} {coordinates", place)).toBe("Välkomna! {koordinater} {coordinates");
  });
});

describe("the coordinates tag", () => {
  it("is written {coordinates}", () => {
    expect(COORDINATES_TAG).toBe("{coordinates}");
    expect(fillCoordinates(`Samling: ${COORDINATES_TAG}`, { lat: 59.3326, lng: 18.0649 })).toContain("mlat=59.332600");
  });
});

describe("who a send-out reaches at a station", () => {
  const station = (acceptedGroups: number, volunteers: number, contactPersons: number, everyone: number) => ({
    id: "s",
    name: "Målgång",
    start: "2030-06-01T08:00:00+02:00",
    acceptedGroups,
    volunteers,
    contactPersons,
    everyone,
  });
  // Two named volunteers and two contacts, one of whom is also named: three addresses.
  const manned = station(2, 2, 2, 3);
  const unnamed = station(1, 0, 1, 1);
  const empty = station(0, 0, 0, 0);

  it("counts the chosen kind of recipient, and an address that is both once", () => {
    expect(recipientsAt(manned, ["VOLUNTEERS"])).toBe(2);
    expect(recipientsAt(manned, ["CONTACT_PERSONS"])).toBe(2);
    expect(recipientsAt(manned, ["VOLUNTEERS", "CONTACT_PERSONS"])).toBe(3);
    expect(recipientsAt(manned, [])).toBe(0);
  });

  it("says why a send-out would reach nobody: no group accepted, or none named while only volunteers are chosen", () => {
    expect(noRecipientsReason([empty], ["VOLUNTEERS"])).toBe("noAcceptedGroups");
    expect(noRecipientsReason([empty], ["VOLUNTEERS", "CONTACT_PERSONS"])).toBe("noAcceptedGroups");
    expect(noRecipientsReason([empty, unnamed], ["VOLUNTEERS"])).toBe("noNamedVolunteers");
    expect(noRecipientsReason([empty, unnamed], ["CONTACT_PERSONS"])).toBeNull();
    expect(noRecipientsReason([empty, manned], ["VOLUNTEERS"])).toBeNull();
    expect(noRecipientsReason([], ["VOLUNTEERS"])).toBe("noAcceptedGroups");
  });
});

describe("who opens a send-out's attachments", () => {
  it("is the event's contacts and the sender, not a team leader who did not send it", () => {
    expect(canOpenAttachments(true, false)).toBe(true);
    expect(canOpenAttachments(false, true)).toBe(true);
    expect(canOpenAttachments(true, true)).toBe(true);
    expect(canOpenAttachments(false, false)).toBe(false);
  });
});
