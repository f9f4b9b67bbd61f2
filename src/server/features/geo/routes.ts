import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { responses } from "#shared/api/schema";
import { geoPlace, geoReverseQuery, geoSearchQuery, type MapConfig, mapConfig } from "#shared/geo/schema";
import type { Ctx } from "../../context.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { requireUser } from "../../identity/guard.ts";
import { awaitPace, limitRequests } from "../../limits.ts";
import { GEOCODER_INTERVAL_MS, Geocoder } from "./geocoder.ts";

export async function geoRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const geocoder = ctx.config.GEOCODER_URL
    ? new Geocoder(ctx.config.GEOCODER_URL, `Bemanna/1.0 (${ctx.config.PUBLIC_URL})`, () =>
        awaitPace(ctx.db, "geocoder", GEOCODER_INTERVAL_MS),
      )
    : null;
  const available = () => {
    if (!geocoder) throw new AppError("ServiceUnavailable", "No geocoder is configured (GEOCODER_URL)");
    return geocoder;
  };
  // The geocoder's own limit is shared by everyone, so one user may not use it all up: one budget for
  // search and reverse together.
  const limited = { onRequest: requireUser(ctx), preHandler: limitRequests(ctx, "geo", 30, 60) };

  r.get(
    "/api/public/config",
    { schema: { response: responses({ 200: mapConfig }) } },
    async (): Promise<MapConfig> => ({
      tileUrl: ctx.config.TILE_URL,
      tileAttribution: ctx.config.TILE_ATTRIBUTION,
      geocoder: geocoder !== null,
    }),
  );

  r.get(
    "/api/geo/search",
    { ...limited, schema: { querystring: geoSearchQuery, response: responses({ 200: z.array(geoPlace) }) } },
    async (request) => available().search(request.query.q),
  );

  r.get(
    "/api/geo/reverse",
    { ...limited, schema: { querystring: geoReverseQuery, response: responses({ 200: geoPlace }) } },
    async (request) => {
      const place = await available().reverse(request.query.lat, request.query.lng);
      if (!place) throw notFound("No address at that point");
      return place;
    },
  );
}
