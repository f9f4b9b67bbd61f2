import type { CheckinResult } from "#shared/checkin/schema";
import { ApiError, api } from "../../app/api.ts";
import { addRefused, dequeue, loadList, loadQueue, type Queued, saveList, withResult } from "./store.ts";

/** How often the page tries to send what waits, besides on `online`, on opening and after each tap. */
export const FLUSH_EVERY_MS = 30_000;

export type FlushOutcome = "sent" | "offline" | "signedOut";

let running: Promise<FlushOutcome> | null = null;

/** Refusals that will not change however often the tap is sent: it leaves the queue, and the page says why. */
const final = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 429;

async function send(op: Queued): Promise<CheckinResult | null> {
  const base = `/events/${op.eventId}/stations/${op.stationId}/checkins`;
  if (op.kind === "tap") return api<CheckinResult>("POST", base, op.body);
  await api("DELETE", `${base}/${op.personId}`);
  return null;
}

/**
 * Sends the waiting taps in the order they were made, one at a time, each removed from the phone only once
 * the server has answered it — so a tap is never lost, and one sent twice (the answer was lost) is the
 * same tap to the server (its id). One run at a time in the page; another tab sending the same tap does
 * no harm for the same reason.
 */
export function flushQueue(): Promise<FlushOutcome> {
  running ??= (async () => {
    try {
      for (const op of await loadQueue()) {
        let result: CheckinResult | null = null;
        try {
          result = await send(op);
        } catch (err) {
          if (op.kind === "undo" && err instanceof ApiError && err.status === 404) {
            // Nothing there to undo any more: done.
          } else if (final(err)) {
            const id = op.kind === "tap" ? op.body.id : op.id;
            const station = (err as ApiError).station?.name;
            await addRefused({ id, name: op.name, reason: reasonOf(err), ...(station ? { station } : {}) });
          } else if (err instanceof ApiError && err.status === 401) return "signedOut";
          else return "offline";
        }
        const list = await loadList(op.eventId, op.stationId);
        if (list) await saveList(withResult(list, op, result));
        await dequeue(op.kind === "tap" ? op.body.id : op.id);
      }
      return "sent";
    } finally {
      running = null;
    }
  })();
  return running;
}

/** The refusals only a tap gets: their texts come with the check-in page, not with every page's first load. */
const TAP_CODES = new Set(["WrongStation", "WrongEvent", "PassInvalid"]);

/** A refusal as a message id: the first field's message when it names one, else the error's code. */
export function reasonOf(err: ApiError): string {
  const field = err.fields && Object.values(err.fields)[0];
  return field ?? (TAP_CODES.has(err.code) ? `checkin.errors.${err.code}` : `errors.${err.code}`);
}
