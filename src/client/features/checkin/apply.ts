import { readPassIds } from "#shared/checkin/pass-token";
import { checkinCounts, mergePresence } from "#shared/checkin/rules";
import type { CheckinList } from "#shared/checkin/schema";
import { formatInstant } from "#shared/time";
import type { Queued } from "./store.ts";

/** The volunteer a queued tap is about, when it names one (by id, or by the ids a pass holds). */
export function volunteerOf(op: Queued & { kind: "tap" }): string | undefined {
  return op.body.volunteerId ?? (op.body.pass ? readPassIds(op.body.pass)?.volunteerId : undefined);
}

/**
 * The list as the page shows it: the last fetched one with the taps still waiting to be sent laid over it,
 * by the same rule the server merges them with (mergePresence), so what the phone shows is what the server
 * will make of it.
 */
export function withPending(list: CheckinList, queue: readonly Queued[]): CheckinList {
  let people = list.people;
  let walkUps = list.walkUps;
  for (const op of queue) {
    if (op.eventId !== list.event.id || op.stationId !== list.station.id) continue;
    if (op.kind === "undo") {
      people = people.map((p) => (p.volunteerId === op.personId ? { ...p, arrivedAt: null, noShow: false } : p));
      walkUps = walkUps.filter((w) => w.id !== op.personId);
      continue;
    }
    const { body } = op;
    if (body.walkUp) {
      walkUps = [...walkUps, { id: body.id, ...body.walkUp, arrivedAt: body.at }];
      continue;
    }
    const who = volunteerOf(op);
    people = people.map((p) => {
      if (p.volunteerId !== who) return p;
      // A "not coming" carries no time in the list; of two such, which stands changes nothing shown.
      const known = p.arrivedAt
        ? { at: new Date(p.arrivedAt), noShow: false }
        : p.noShow
          ? { at: new Date(body.at), noShow: true }
          : null;
      const merged = mergePresence(known, { at: new Date(body.at), noShow: body.noShow === true });
      return { ...p, arrivedAt: merged.noShow ? null : formatInstant(merged.at), noShow: merged.noShow };
    });
  }
  return { ...list, people, walkUps, counts: checkinCounts(people, walkUps) };
}
