import { Button, Group, Loader, TextInput, VisuallyHidden } from "@mantine/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserLookup } from "#shared/account/schema";
import { email as emailSchema } from "#shared/validation";
import { apiErrorText } from "../form.ts";
import { type InviteType, openAddUserModal } from "./add-user-modal.tsx";
import { lookupUser } from "./api.ts";

interface Props {
  label: string;
  name: string;
  value: string;
  onChange(email: string): void;
  inviteType: InviteType;
  /** The saved event or group being edited, named in the invitation of someone new; none for a new one. */
  inviteContextId?: string;
  error?: string;
  disabled?: boolean;
  /** The name of the user the initial value belongs to, shown until the address changes. */
  initialName?: string;
  /** Told the user once the address is checked: found or invited, or null when there is none. */
  onUser?(user: UserLookup | null): void;
}

type Lookup =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "found"; name: string }
  | { state: "missing" }
  | { state: "failed"; message: string };

/**
 * An e-mail field that must name a user, such as a station's team leader. Leaving the field looks the address
 * up; an unknown one opens the add-user modal that invites the person. The found name shows under the field.
 */
export function UserEmailField({
  label,
  name,
  value,
  onChange,
  inviteType,
  inviteContextId,
  error,
  disabled,
  initialName,
  onUser,
}: Props) {
  const { t } = useTranslation();
  const [lookup, setLookup] = useState<Lookup>(initialName ? { state: "found", name: initialName } : { state: "idle" });
  // The address already checked (or the saved one): leaving the field again does not ask the server again.
  const checked = useRef(value.trim().toLowerCase());

  const invite = async (address: string) => {
    const created = await openAddUserModal({ email: address, type: inviteType, contextId: inviteContextId });
    if (created) {
      setLookup({ state: "found", name: created.name });
      onChange(created.email);
    } else setLookup({ state: "missing" });
    onUser?.(created);
  };

  const check = async () => {
    const parsed = emailSchema().safeParse(value);
    if (!parsed.success) return;
    const address = parsed.data;
    if (address === checked.current && lookup.state !== "idle") return;
    checked.current = address;
    setLookup({ state: "checking" });
    try {
      const found = await lookupUser(address);
      if (address !== checked.current) return;
      if (found) {
        setLookup({ state: "found", name: found.name });
        if (found.email !== value) onChange(found.email);
        onUser?.(found);
      } else await invite(address);
    } catch (err) {
      setLookup({ state: "failed", message: apiErrorText(err, t) });
    }
  };

  const status = (() => {
    switch (lookup.state) {
      case "checking":
        return (
          <Group gap={6} component="span">
            <Loader size={12} />
            {t("users.lookup.checking")}
          </Group>
        );
      case "found":
        return t("users.lookup.found", { name: lookup.name });
      default:
        return undefined;
    }
  })();

  const lookupError =
    lookup.state === "failed" ? lookup.message : lookup.state === "missing" ? t("users.lookup.notFound") : undefined;

  return (
    <div>
      <TextInput
        label={label}
        name={name}
        type="email"
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onChange(e.currentTarget.value);
          if (lookup.state !== "idle" && lookup.state !== "checking") setLookup({ state: "idle" });
        }}
        onBlur={() => void check()}
        description={status}
        error={error ?? lookupError}
        disabled={disabled}
        inputWrapperOrder={["label", "input", "description", "error"]}
      />
      <VisuallyHidden aria-live="polite">
        {lookup.state === "found" ? t("users.lookup.found", { name: lookup.name }) : ""}
      </VisuallyHidden>
      {lookup.state === "missing" && !disabled && (
        <Button variant="subtle" size="compact-sm" mt={4} onClick={() => void invite(checked.current)}>
          {t("users.lookup.invite")}
        </Button>
      )}
    </div>
  );
}
