import { useQuery } from "@tanstack/react-query";
import type { ContactPerson } from "#shared/contacts";
import type { PublicEvent } from "#shared/events/schema";
import type { AvailabilitiesResult, AvailabilityInput, Group, GroupSummary, VolunteerInput } from "#shared/groups/schema";
import type { PaymentInput } from "#shared/payments/schema";
import { api, apiFile } from "../../app/api.ts";
import { downloadName, saveDownload } from "../../components/download.ts";

export const groupKeys = {
  all: ["groups"] as const,
  summaries: ["groups", "summaries"] as const,
  group: (id: string) => ["groups", "one", id] as const,
};

export function useGroupSummaries() {
  return useQuery({ queryKey: groupKeys.summaries, queryFn: () => api<GroupSummary[]>("GET", "/groups/summaries") });
}

export function useGroup(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: groupKeys.group(id),
    queryFn: () => api<Group>("GET", `/groups/${encodeURIComponent(id)}`),
    enabled: options.enabled,
  });
}

/** What the group form edits; the body of POST and (with the version) of PUT. */
export interface GroupPayload {
  name: string;
  organizationNumber: string;
  organizationName: string;
  municipality: string;
  numberOfMembers: number | string;
  ages: string[];
  sport: number | string | null;
  skills: string[];
  contactPersons: ContactPerson[];
  volunteers?: VolunteerInput[];
  availabilities?: AvailabilityInput[];
  /** Left out, the saved payment details stay; null removes them. */
  payment?: PaymentInput | null;
}

export const createGroup = (body: GroupPayload) => api<Group>("POST", "/groups", body);

export const updateGroup = (id: string, version: number, body: GroupPayload) =>
  api<Group>("PUT", `/groups/${encodeURIComponent(id)}`, { ...body, version });

/** Removes a DRAFT group for good. */
export const removeGroup = (group: Pick<Group, "id">) => api<void>("DELETE", `/groups/${encodeURIComponent(group.id)}`);

/**
 * Saves a new contact list of a saved group at once, from the group as stored (not a form's unsaved edits),
 * hands the saved group to `keep` and returns its contacts.
 */
export async function saveContacts(group: Group, next: ContactPerson[], keep: (saved: Group) => void): Promise<ContactPerson[]> {
  const saved = await updateGroup(group.id, group.version, payloadOf(group, { contactPersons: next }));
  keep(saved);
  return saved.contactPersons;
}

export const confirmGroup = (group: Group) =>
  api<Group>("POST", `/groups/${encodeURIComponent(group.id)}/confirm`, { version: group.version });

export const saveAvailabilities = (group: Group, availabilities: AvailabilityInput[]) =>
  api<AvailabilitiesResult>("PUT", `/groups/${encodeURIComponent(group.id)}/availabilities`, {
    version: group.version,
    availabilities,
  });

/** The group as PUT wants it, with some parts replaced (e.g. a new volunteer list). */
export function payloadOf(group: Group, changes: Partial<GroupPayload> = {}): GroupPayload {
  return {
    name: group.name,
    organizationNumber: group.organizationNumber,
    organizationName: group.organizationName,
    municipality: group.municipality,
    numberOfMembers: group.numberOfMembers,
    ages: group.ages,
    sport: group.sport,
    skills: group.skills,
    contactPersons: group.contactPersons,
    ...changes,
  };
}

/** Published events a group can state interest in (the public list: confirmed events ahead). */
export function usePublicEvents() {
  return useQuery({
    queryKey: ["public-events"],
    queryFn: () => api<PublicEvent[]>("GET", "/public/events"),
    staleTime: 5 * 60_000,
  });
}

export function usePublicEvent(id: string | null | undefined) {
  return useQuery({
    queryKey: ["public-events", id],
    queryFn: () => api<PublicEvent>("GET", `/public/events/${encodeURIComponent(id ?? "")}`),
    enabled: !!id,
    staleTime: 5 * 60_000,
  });
}

/** Saves the group's data as a CSV file on the user's device. */
export async function downloadGroupCsv(group: Pick<Group, "id" | "name">) {
  saveDownload(await apiFile(`/groups/${encodeURIComponent(group.id)}/export.csv`), downloadName(group.name, "group", "csv"));
}
