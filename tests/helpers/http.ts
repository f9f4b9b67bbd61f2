import type { FastifyInstance, InjectOptions } from "fastify";

// Tests read whatever fields they check from the body, so the default body type is open.
// biome-ignore lint/suspicious/noExplicitAny: see above
export interface Res<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  cookies: Array<{ name: string; value: string; [k: string]: unknown }>;
}

/** A JSON call through app.inject, the way a browser would make it. */
// biome-ignore lint/suspicious/noExplicitAny: see Res
export async function call<T = any>(
  server: FastifyInstance,
  method: InjectOptions["method"],
  url: string,
  options: { body?: unknown; token?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  const res = await server.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  const text = res.body;
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.statusCode, body: body as T, headers: res.headers, cookies: res.cookies as Res["cookies"] };
}
