/**
 * Runs the hostile requests of probe-requests.ts against a listening server, over raw sockets so that
 * framing, lengths and headers go out exactly as generated, a bounded number at a time, and counts the
 * answers by status. Shared by the probe script and its CI test.
 */
import net from "node:net";
import fc from "fast-check";
import {
  type Answer,
  boundaryRequests,
  type HostileRequest,
  isExpectedServerError,
  probeRequests,
  type RouteInfo,
  type Send,
  setupFixtures,
  toBytes,
} from "./probe-requests.ts";

export interface ProbeOptions {
  host: string;
  port: number;
  /** Every route of the app, as its onRoute hook saw them. */
  routes: RouteInfo[];
  requests: number;
  concurrency: number;
  seed: number;
  /** Whether the server has a geocoder (GEOCODER_URL); without one the map search answers 503 by design. */
  geocoder: boolean;
  /** A request without an answer by then counts as unanswered. */
  timeoutMs?: number;
  onProgress?: (done: number) => void;
}

export interface ServerErrorSample {
  route: string;
  method: string;
  path: string;
  status: number;
  body: string;
  request: string;
}

export interface ProbeReport {
  seed: number;
  requests: number;
  seconds: number;
  /** Answers by status; "none" for a connection closed or timed out without a status line. */
  byStatus: Record<string, number>;
  /** 5xx answers that are failures. */
  serverErrors: number;
  /** 503 from the map search without a geocoder (isExpectedServerError): answers, not failures. */
  expectedServerErrors: number;
  unanswered: number;
  /** Routes that got at least one request. */
  routesHit: string[];
  samples: ServerErrorSample[];
  /** The first requests that got no answer at all. */
  unansweredSamples: string[];
}

/** The JSON calls of the fixtures, over HTTP. */
export function httpSend(host: string, port: number): Send {
  return async (method, url, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`http://${host}:${port}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, body };
  };
}

interface Exchange {
  status: number | null;
  body: string;
}

/** Writes `bytes` on a new connection and reads until the server closes it (every request says Connection: close). */
function exchange(host: string, port: number, bytes: Buffer, timeoutMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host, port });
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      // An interim answer (100 Continue) comes before the real one.
      const final = text.replace(/^(HTTP\/1\.[01] 1\d\d[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n)+/, "");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(final);
      const split = final.indexOf("\r\n\r\n");
      resolve({ status: match ? Number(match[1]) : null, body: split < 0 ? "" : final.slice(split + 4, split + 4 + 2000) });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", finish);
    socket.on("close", finish);
    // The server may answer (413, 400) and close before the whole body is written: what it said still counts.
    socket.on("error", finish);
    socket.write(bytes, () => {});
  });
}

/** The error body's JSON inside an answer (chunked or not), when there is one. */
function answerJson(body: string): unknown {
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  if (start < 0 || end < start) return undefined;
  try {
    return JSON.parse(Buffer.from(body.slice(start, end + 1), "latin1").toString("utf8"));
  } catch {
    return undefined;
  }
}

const describeRequest = (r: HostileRequest) => {
  const bytes = toBytes(r).toString("utf8");
  return bytes.length > 600 ? `${bytes.slice(0, 600)}… (${bytes.length} bytes)` : bytes;
};

/** Sets up the fixtures, then sends `requests` hostile requests, `concurrency` at a time. */
export async function runProbe(options: ProbeOptions): Promise<ProbeReport> {
  const { host, port, requests, concurrency, seed } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const routes = options.routes.filter((r) => r.method !== "HEAD");
  const fixtures = await setupFixtures(httpSend(host, port));

  const report: ProbeReport = {
    seed,
    requests: 0,
    seconds: 0,
    byStatus: {},
    serverErrors: 0,
    expectedServerErrors: 0,
    unanswered: 0,
    routesHit: [],
    samples: [],
    unansweredSamples: [],
  };
  const hit = new Set<string>();
  const started = performance.now();
  // Generated up front from the seed, so the same seed sends the same requests: the boundary sweep of every
  // route in a shuffled order (all of it when there are twice as many requests), between random ones. One
  // request of each route comes first, so a short run still reaches every route however many there are.
  const shuffled = <T>(list: T[]) => fc.sample(fc.shuffledSubarray(list, { minLength: list.length }), { seed, numRuns: 1 })[0];
  const perRoute = routes.map((r) => boundaryRequests(r, fixtures));
  const sweep = [
    ...shuffled(perRoute.flatMap((list) => list.slice(0, 1))),
    ...shuffled(perRoute.flatMap((list) => list.slice(1))),
  ];
  const swept = sweep.slice(0, Math.min(sweep.length, Math.floor(requests / 2)));
  const random = fc.sample(probeRequests(routes, fixtures), { seed, numRuns: requests - swept.length });
  const stream = random.flatMap((r, i) => (i < swept.length ? [swept[i], r] : [r]));
  let next = 0;
  const worker = async () => {
    while (next < stream.length) {
      const request = stream[next++];
      const { status, body } = await exchange(host, port, toBytes(request), timeoutMs);
      hit.add(request.route);
      report.requests++;
      const key = status === null ? "none" : String(status);
      report.byStatus[key] = (report.byStatus[key] ?? 0) + 1;
      if (status === null) {
        report.unanswered++;
        if (report.unansweredSamples.length < 10) report.unansweredSamples.push(describeRequest(request));
      } else if (status >= 500) {
        const answer: Answer = { status, body: answerJson(body) };
        if (isExpectedServerError(request, answer, options.geocoder)) report.expectedServerErrors++;
        else {
          report.serverErrors++;
          if (report.samples.length < 25)
            report.samples.push({
              route: request.route,
              method: request.method,
              path: request.path.slice(0, 300),
              status,
              body: body.slice(0, 300),
              request: describeRequest(request),
            });
        }
      }
      if (report.requests % 1000 === 0) options.onProgress?.(report.requests);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  report.routesHit = [...hit].sort();
  return report;
}

export function formatReport(report: ProbeReport, routes: number): string {
  const statuses = Object.entries(report.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `  ${status.padEnd(5)} ${n}`);
  const lines = [
    `Probe: ${report.requests} requests in ${report.seconds} s (seed ${report.seed}), ${report.routesHit.length}/${routes} routes`,
    "Answers by status:",
    ...statuses,
    `5xx (failures): ${report.serverErrors}`,
  ];
  if (report.expectedServerErrors)
    lines.push(`503 from the map search without a geocoder (by design, not counted): ${report.expectedServerErrors}`);
  if (report.unanswered) lines.push(`closed or timed out without an answer: ${report.unanswered}`);
  for (const r of report.unansweredSamples) lines.push("", "no answer to:", r);
  for (const s of report.samples)
    lines.push("", `${s.status} on ${s.route}: ${s.method} ${s.path}`, `  answer: ${s.body}`, `  request:\n${s.request}`);
  return lines.join("\n");
}
