export * from "./api.ts";
export { AvailabilityForm } from "./availability-form.tsx";
export { emptyGroupValues, GroupForm, type GroupFormValues, groupValuesOf } from "./group-form.tsx";
export { GroupList } from "./group-list.tsx";
export {
  BackButton,
  ConfirmGroupButton,
  ExportButton,
  GroupDetails,
  PaymentDetails,
  RemoveGroupButton,
} from "./group-views.tsx";
export { VolunteerList, type VolunteerValues } from "./volunteers.tsx";
