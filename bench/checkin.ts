import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { readEventStream } from "#shared/sse";
import type { RosterInfo } from "./roster.ts";

/** The event day live (issue 23), on the roster's large event: taps from many devices, a station's list, the stream. */
export const CHECKIN_SCENARIO =
  "POST /api/events/{id}/stations/{id}/checkins (60 stations, 3,600 named volunteers): 50 devices, each tapping once a second";
export const CHECKIN_CAPACITY_SCENARIO =
  "POST /api/events/{id}/stations/{id}/checkins (60 stations, 3,600 named volunteers): 50 devices tapping back to back (capacity)";
export const CHECKIN_LIST_SCENARIO = "GET /api/events/{id}/stations/{id}/checkins (100+ people)";
export const LIVE_SCENARIO = "GET /api/events/{id}/live: a check-in reaches a listening organizer";
export const CHECKIN_SCENARIOS = [CHECKIN_SCENARIO, CHECKIN_CAPACITY_SCENARIO, CHECKIN_LIST_SCENARIO, LIVE_SCENARIO];
/** The station's list: at most this many bytes gzipped, and one or two statements (issue 23). */
export const CHECKIN_LIST_MAX_GZIP = 30 * 1024;
export const CHECKIN_LIST_MAX_STATEMENTS = 2;
/** Devices checking in at once. */
export const CHECKIN_DEVICES = 50;

/** Taps so far in this run, and the time they count back from: each tap is 10 ms earlier than the one before. */
let tapped = 0;
const origin = Date.now();

/**
 * The next tap: the next named volunteer (round and round), a new id, and a time a little earlier than the
 * tap before, so that a person tapped again (the next round) is a change too — the earliest arrival stands,
 * so every tap writes and is sent live.
 */
function nextTap(r: RosterInfo) {
  const n = tapped++;
  const [stationId, volunteerId] = r.people[n % r.people.length];
  return {
    stationId,
    path: `/api/events/${r.eventId}/stations/${stationId}/checkins`,
    body: JSON.stringify({ id: randomUUID(), at: new Date(origin - 10 * n).toISOString(), volunteerId }),
  };
}

/**
 * 50 devices at a person's pace: each taps once a second (a team leader finds the next name, taps, looks up),
 * starting at a moment of its own within the first second, for `seconds`. Every answer's time, in ms, sorted.
 */
export async function pacedCheckins(
  base: string,
  headers: Record<string, string>,
  r: RosterInfo,
  seconds: number,
): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.all(
    Array.from({ length: CHECKIN_DEVICES }, async () => {
      await sleep(Math.random() * 1000);
      while (performance.now() < end) {
        const tap = nextTap(r);
        const started = performance.now();
        const res = await fetch(base + tap.path, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: tap.body,
        });
        await res.arrayBuffer();
        const took = performance.now() - started;
        times.push(took);
        if (res.status !== 200) errors++;
        await sleep(Math.max(0, 1000 - took));
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), errors };
}

export interface CheckinMeasure {
  result: autocannon.Result;
  /** Every answer's time, in ms, sorted (autocannon reports no p95). */
  times: number[];
  /** Each acknowledged tap until the organizer's stream carried its station's new counts, in ms, sorted. */
  delivery: number[];
}

/**
 * 50 devices tap flat out, each sending its next tap as soon as the last is answered — what one process can
 * take — while an organizer listens to the event's live stream: each tap's answer is matched with the first
 * message for its station that comes after it.
 */
export async function measureCheckins(
  base: string,
  headers: Record<string, string>,
  r: RosterInfo,
  seconds: number,
): Promise<CheckinMeasure> {
  const stop = new AbortController();
  const stream = await fetch(`${base}/api/events/${r.eventId}/live`, { headers, signal: stop.signal });
  const answered = new Map<string, number[]>();
  const delivery: number[] = [];
  const reading = readEventStream(stream.body as ReadableStream<Uint8Array>, (data) => {
    const now = performance.now();
    const { stationId } = JSON.parse(data) as { stationId: string };
    for (const at of answered.get(stationId) ?? []) delivery.push(now - at);
    answered.delete(stationId);
  }).catch(() => {});

  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CHECKIN_DEVICES,
        duration: seconds,
        requests: [
          {
            method: "POST",
            setupRequest: (req, context: object) => {
              const tap = nextTap(r);
              (context as { stationId?: string }).stationId = tap.stationId;
              return {
                ...req,
                path: tap.path,
                headers: { ...headers, "content-type": "application/json" },
                body: tap.body,
              };
            },
            onResponse: (status, _body, context: object) => {
              if (status !== 200) return;
              const stationId = (context as { stationId: string }).stationId;
              const list = answered.get(stationId) ?? [];
              list.push(performance.now());
              answered.set(stationId, list);
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  // The last taps' messages are still on their way.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  stop.abort();
  await reading;
  // A tap whose message never came counts as never delivered.
  for (const list of answered.values()) for (const _ of list) delivery.push(Number.POSITIVE_INFINITY);
  return { result, times: times.sort((a, b) => a - b), delivery: delivery.sort((a, b) => a - b) };
}

/** The station's list once: its gzipped size and the statements it took. */
export async function listSize(
  base: string,
  headers: Record<string, string>,
  r: RosterInfo,
  statementsSoFar: () => Promise<number>,
): Promise<{ path: string; people: number; gzipBytes: number; statements: number }> {
  const path = `/api/events/${r.eventId}/stations/${r.bigStationId}/checkins`;
  await fetch(base + path, { headers }).then((res) => res.arrayBuffer());
  const before = await statementsSoFar();
  const body = await (await fetch(base + path, { headers })).text();
  const statements = (await statementsSoFar()) - before;
  return {
    path,
    people: (JSON.parse(body) as { people: unknown[] }).people.length,
    gzipBytes: gzipSync(body).length,
    statements,
  };
}
