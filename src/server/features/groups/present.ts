import { shownPhone } from "#shared/contacts";
import { canConfirm, canEdit, canRemove } from "#shared/groups/rules";
import type {
  Age,
  Availability,
  AvailabilityType,
  Group,
  GroupStatus,
  GroupSummary,
  Participation,
  Skill,
} from "#shared/groups/schema";
import type { PaymentView } from "#shared/payments/schema";
import { fullName } from "../../identity/present.ts";
import type { AvailabilityRow, ContactRow, GroupRow, VolunteerRow } from "./repo.ts";

export function presentAvailability(a: AvailabilityRow): Availability {
  return {
    id: a.id,
    type: a.type as AvailabilityType,
    startDate: a.startDate,
    endDate: a.endDate,
    eventId: a.eventId,
    location: a.location,
  };
}

/**
 * The whole group for its contacts, as `viewerId` sees it: their phones and the volunteers' data are for
 * them only, and a contact's phone shows once that contact has opened the group (their own always).
 */
export function presentGroup(
  g: GroupRow,
  contacts: ContactRow[],
  volunteers: VolunteerRow[],
  availabilities: AvailabilityRow[],
  payment: PaymentView | null,
  viewerId: string,
): Group {
  const status = g.status as GroupStatus;
  return {
    id: g.id,
    name: g.name,
    organizationNumber: g.organizationNumber,
    organizationName: g.organizationName,
    municipality: g.municipality,
    numberOfMembers: g.numberOfMembers,
    ages: g.ages as Age[],
    sport: g.sport,
    skills: g.skills as Skill[],
    status,
    version: g.version,
    contactPersons: contacts.map((c) => ({
      id: c.userId,
      email: c.email,
      name: fullName(c),
      phone: shownPhone({ ...c, seen: c.seenAt !== null }, viewerId),
      creator: c.userId === g.createdBy,
    })),
    volunteers: volunteers.map((v) => ({
      id: v.id,
      name: v.name,
      email: v.email,
      phone: v.phone,
      age: v.age,
      participation: v.participation as Participation[],
      guardian: v.guardianEmail
        ? { name: v.guardianName ?? "", email: v.guardianEmail, confirmed: v.guardianConfirmedAt !== null }
        : null,
    })),
    availabilities: availabilities.map(presentAvailability),
    payment,
    abilities: { edit: canEdit(status), confirm: canConfirm(status), remove: canRemove(status) },
  };
}

export function presentSummary(g: { id: string; name: string; organizationName: string; status: string }): GroupSummary {
  return { id: g.id, name: g.name, organizationName: g.organizationName, status: g.status as GroupStatus };
}
