import type { FastifyReply, FastifyRequest } from "fastify";
import type { Ctx } from "../context.ts";
import { unauthorized } from "../http/errors.ts";
import type { UserRow } from "./repo.ts";
import { authenticate } from "./service.ts";

declare module "fastify" {
  interface FastifyRequest {
    actor: UserRow | null;
    sessionId: string | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7).trim() : null;
}

/**
 * Hook for protected routes: 401 {"code":"Unauthorized"} without a live session. Attach it as `onRequest`,
 * so a caller without a token learns nothing from body validation and sends no body we would parse.
 */
export function requireUser(ctx: Ctx) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearer(request);
    const found = token ? await authenticate(ctx, token) : null;
    if (!found) throw unauthorized();
    request.actor = found.user;
    request.sessionId = found.sessionId;
  };
}

/** The signed-in user of a route behind requireUser. */
export function actorOf(request: FastifyRequest): UserRow {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** For sign-out: the session of a token that may be missing or expired. */
export async function optionalSessionId(ctx: Ctx, request: FastifyRequest): Promise<string | undefined> {
  const token = bearer(request);
  return token ? ((await authenticate(ctx, token))?.sessionId ?? undefined) : undefined;
}
