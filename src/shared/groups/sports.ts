/**
 * The sports a group can name, ids 0–68 as the spec numbers them: 0 means none and 68 any other sport. The
 * names are the member federations of the Swedish Sports Confederation, translated in groups.json under
 * `groups.sports.<id>`.
 */
export const NO_SPORT = 0;
export const OTHER_SPORT = 68;
export const SPORT_IDS: readonly number[] = Array.from({ length: OTHER_SPORT + 1 }, (_, i) => i);

export const sportLabelId = (id: number) => `groups.sports.${id}`;
