import { type ErrorCode, type FieldErrors, isErrorBody } from "#shared/errors";

/** A failed call: the API's code and field message ids; the UI shows `errors.<code>` translated. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NetworkError",
    readonly fields?: FieldErrors,
    message?: string,
    /** How long the server asks to wait (its Retry-After), so a refusal can say when to try again. */
    readonly retryAfterSeconds?: number,
    /** WrongStation: the station where the person belongs. */
    readonly station?: { id: string; name: string },
  ) {
    super(message ?? code);
  }
}

/** The access token lives only in memory; a reload gets a new one through the refresh cookie. */
let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
let onSessionLost: () => void = () => {};

export function setAccessToken(token: string | null) {
  accessToken = token;
}
export function onSessionEnded(handler: () => void) {
  onSessionLost = handler;
}

async function send(method: string, path: string, body: unknown, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "NetworkError");
  }
}

/**
 * Reads an answer that is not used to its end: one whose body is left unread stays open in the browser, so the
 * page never counts as idle (for monitoring and tests that wait for it) and its connection is held.
 */
async function discard(res: Response): Promise<void> {
  await res.arrayBuffer().catch(() => {});
}

/** One refresh at a time: the refresh token rotates, and using an old one ends the session. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await send("POST", "/auth/refresh", undefined, null);
      if (!res.ok) {
        await discard(res);
        return false;
      }
      const data = (await res.json()) as { accessToken: string };
      accessToken = data.accessToken;
      lastRefresh = data;
      return true;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** The last refresh answer, so the auth state can take the user from it. */
export let lastRefresh: unknown = null;

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) {
    await discard(res);
    return undefined as T;
  }
  const text = await res.text();
  const data = text ? JSON.parse(text) : undefined;
  if (res.ok) return data as T;
  const retryAfter = Number(res.headers.get("retry-after")) || undefined;
  if (isErrorBody(data)) throw new ApiError(res.status, data.code, data.fields, data.message, retryAfter, data.station);
  throw new ApiError(res.status, res.status >= 500 ? "InternalError" : "ValidationError");
}

/** Calls the API; on 401 with a token, refreshes once and retries. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res = await send(method, path, body, accessToken);
  if (res.status === 401 && accessToken && !path.startsWith("/auth/")) {
    if (await refreshSession()) {
      await discard(res);
      res = await send(method, path, body, accessToken);
    } else {
      accessToken = null;
      onSessionLost();
    }
  }
  return parse<T>(res);
}

/**
 * Opens a streamed answer (the live stream's Server-Sent Events) with the session: EventSource cannot send
 * the access token, so it is read through fetch. On 401, refreshes once and opens it again.
 */
export async function apiStream(path: string, signal: AbortSignal): Promise<Response> {
  const open = () =>
    fetch(`/api${path}`, {
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      credentials: "same-origin",
      signal,
    }).catch(() => {
      throw new ApiError(0, "NetworkError");
    });
  let res = await open();
  if (res.status === 401 && accessToken && (await refreshSession())) {
    await discard(res);
    res = await open();
  }
  if (!res.ok) return parse<never>(res);
  return res;
}

/** Downloads a file from the API (e.g. a CSV export) with the same session handling as `api`. */
export async function apiFile(path: string): Promise<Blob> {
  let res = await send("GET", path, undefined, accessToken);
  if (res.status === 401 && accessToken) {
    if (await refreshSession()) {
      await discard(res);
      res = await send("GET", path, undefined, accessToken);
    } else {
      accessToken = null;
      onSessionLost();
    }
  }
  if (!res.ok) return parse<never>(res);
  return res.blob();
}

/** One try of an upload, with its progress; the answer as `fetch` would give it. */
function sendFile(path: string, form: FormData, onProgress: (share: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api${path}`);
    if (accessToken) xhr.setRequestHeader("authorization", `Bearer ${accessToken}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: { "content-type": "application/json" },
        }),
      );
    xhr.onerror = () => reject(new ApiError(0, "NetworkError"));
    xhr.send(form);
  });
}

/**
 * Uploads a file as multipart/form-data (in the field `field`) and reports how much of it has been sent
 * (0..1); `fetch` cannot tell that. Same session handling as `api`.
 */
export async function apiUpload<T>(path: string, file: File, onProgress: (share: number) => void, field = "file"): Promise<T> {
  const form = new FormData();
  form.append(field, file);
  let res = await sendFile(path, form, onProgress);
  if (res.status === 401 && accessToken) {
    if (await refreshSession()) res = await sendFile(path, form, onProgress);
    else {
      accessToken = null;
      onSessionLost();
    }
  }
  return parse<T>(res);
}
