import { createStore, del, get, set, update } from "idb-keyval";
import { checkinCounts } from "#shared/checkin/rules";
import type { CheckinList, CheckinResult } from "#shared/checkin/schema";

/**
 * What the check-in page keeps on the phone (IndexedDB), so it works with no connection and survives a
 * locked phone or a closed tab: each station's list as last fetched, the taps not yet sent (in the order
 * they were made, each with its own id and time), and what the server refused.
 */

const db = createStore("bemanna-checkin", "kv");

/** A tap as the API takes it. */
export interface TapBody {
  id: string;
  at: string;
  volunteerId?: string;
  pass?: string;
  walkUp?: { groupId: string; name: string; age: number };
  noShow?: boolean;
}

export type Queued =
  | { kind: "tap"; eventId: string; stationId: string; body: TapBody; name: string }
  | { kind: "undo"; id: string; eventId: string; stationId: string; personId: string; name: string };

export interface Refused {
  id: string;
  name: string;
  /** The API's error code (translated as errors.<code>), or a field's message id. */
  reason: string;
  /** WrongStation: where the person belongs. */
  station?: string;
}

const QUEUE = "queue";
const REFUSED = "refused";
const listKey = (eventId: string, stationId: string) => `list:${eventId}:${stationId}`;

export const opId = (op: Queued) => (op.kind === "tap" ? op.body.id : op.id);

export const loadList = (eventId: string, stationId: string) => get<CheckinList>(listKey(eventId, stationId), db);
export const saveList = (list: CheckinList) => set(listKey(list.event.id, list.station.id), list, db);

export const loadQueue = async () => (await get<Queued[]>(QUEUE, db)) ?? [];
export const enqueue = (op: Queued) => update<Queued[]>(QUEUE, (q) => [...(q ?? []), op], db);
export const dequeue = (id: string) => update<Queued[]>(QUEUE, (q) => (q ?? []).filter((op) => opId(op) !== id), db);

export const loadRefused = async () => (await get<Refused[]>(REFUSED, db)) ?? [];
export const addRefused = (r: Refused) => update<Refused[]>(REFUSED, (list) => [...(list ?? []), r], db);
export const clearRefused = () => del(REFUSED, db);

/** The list as the server left it after a tap it took (or an undo), counted again. */
export function withResult(list: CheckinList, op: Queued, result: CheckinResult | null): CheckinList {
  let { people, walkUps } = list;
  if (op.kind === "undo") {
    people = people.map((p) => (p.volunteerId === op.personId ? { ...p, arrivedAt: null, noShow: false } : p));
    walkUps = walkUps.filter((w) => w.id !== op.personId);
  } else if (result) {
    const walkUp = op.body.walkUp;
    people = people.map((p) =>
      p.volunteerId === result.volunteerId ? { ...p, arrivedAt: result.arrivedAt, noShow: result.noShow } : p,
    );
    if (walkUp && result.walkUpId && !walkUps.some((w) => w.id === result.walkUpId))
      walkUps = [
        ...walkUps,
        {
          id: result.walkUpId,
          groupId: walkUp.groupId,
          name: result.name,
          age: walkUp.age,
          arrivedAt: result.arrivedAt ?? op.body.at,
        },
      ];
  }
  return { ...list, people, walkUps, counts: checkinCounts(people, walkUps) };
}
