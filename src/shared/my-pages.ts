/**
 * The three areas of My pages (spec 01 §2): the organizer's events, the team leader's stations and the
 * group contact's groups, each at /my-pages/{area}.
 */
export const AREAS = ["events", "teamleaders", "volunteers"] as const;
export type Area = (typeof AREAS)[number];

export const isArea = (value: unknown): value is Area => (AREAS as readonly unknown[]).includes(value);

/**
 * The area /my-pages opens (ADR 028): the one the person last entered when this browser remembers it; else
 * the first where they have something — events they organize, stations they lead, groups they are a
 * contact of — so a team leader or an organizer does not land on an empty group area; else the groups
 * (spec 01 §2's default, where a new volunteer starts).
 */
export function homeArea(stored: string | null, has: Readonly<Record<Area, boolean>>): Area {
  if (isArea(stored)) return stored;
  return AREAS.find((area) => has[area]) ?? "volunteers";
}
