export { AddUserForm, type InviteType, openAddUserModal } from "./add-user-modal.tsx";
export { inviteUser, lookupUser } from "./api.ts";
export { ContactPersonsField } from "./contact-persons-field.tsx";
export { UserEmailField } from "./user-email-field.tsx";
