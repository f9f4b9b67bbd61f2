import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ContactPerson, contactAddError, sameEmail as same } from "#shared/contacts";
import { formatPhone } from "#shared/phone";
import { email as emailSchema } from "#shared/validation";
import { useAuth } from "../../app/auth.tsx";
import { apiErrorText } from "../form.ts";
import { ToneBadge } from "../status-badge.tsx";
import { type InviteType, openAddUserModal } from "./add-user-modal.tsx";
import { lookupUser } from "./api.ts";

interface Props {
  value: ContactPerson[];
  onChange(next: ContactPerson[]): void;
  /** Entries that cannot be removed, such as the creator's own. */
  lockedEmails?: string[];
  inviteType: InviteType;
  /** The saved event or group being edited, named in the invitation of someone new; none for a new one. */
  inviteContextId?: string;
  disabled?: boolean;
  /**
   * For a saved event or group: saves the new list at once and returns the contacts as stored. The list
   * changes only once that succeeded; a failure leaves it as it was and shows why. Without it the list is
   * part of the surrounding form (a wizard before the first save) and `onChange` is all there is.
   */
  onSave?(next: ContactPerson[]): Promise<ContactPerson[]>;
}

/**
 * The contact-persons section of a form (spec 01 §4 "Adding a contact person"): the list with remove buttons,
 * an e-mail field and an add button. An unknown address opens the add-user modal, which invites the person.
 * With `onSave` (a saved event or group) every addition and removal is saved at once: the invited person got
 * their mail, so they must not vanish because the page was left before "Spara".
 */
export function ContactPersonsField({
  value,
  onChange,
  lockedEmails = [],
  inviteType,
  inviteContextId,
  disabled,
  onSave,
}: Props) {
  const me = useAuth().user?.email;
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const visible = value.filter((p) => !p.toBeDeleted);

  /** Applies a new list: saved first when the list is saved on its own. */
  const change = async (next: ContactPerson[], done: string) => {
    setSaved(null);
    if (!onSave) return onChange(next);
    onChange(await onSave(next));
    setSaved(done);
  };

  const append = async (person: ContactPerson) => {
    // Someone removed and added again in the same edit keeps their id and is simply no longer deleted.
    const removed = value.find((p) => p.toBeDeleted && same(p.email, person.email));
    await change(
      removed ? value.map((p) => (p === removed ? { ...p, ...person, id: p.id, toBeDeleted: false } : p)) : [...value, person],
      t("users.contacts.addedSaved", { name: person.name }),
    );
    setEmail("");
    setError(null);
  };

  const add = async () => {
    if (busy) return;
    const problem = contactAddError(value, email);
    if (problem === "empty") return setError(t("users.contacts.empty"));
    const parsed = emailSchema().safeParse(email);
    if (!parsed.success) return setError(t(parsed.error.issues[0]?.message ?? "validation.email"));
    if (problem === "exists") return setError(t("users.contacts.exists"));
    const address = parsed.data;
    setError(null);
    setSaved(null);
    setBusy(true);
    try {
      const found = await lookupUser(address);
      const user = found ?? (await openAddUserModal({ email: address, type: inviteType, contextId: inviteContextId }));
      if (user) await append({ email: user.email, name: user.name });
    } catch (err) {
      setError(apiErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (person: ContactPerson) => {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await change(
        person.id ? value.map((p) => (p === person ? { ...p, toBeDeleted: true } : p)) : value.filter((p) => p !== person),
        t("users.contacts.removedSaved", { name: person.name }),
      );
    } catch (err) {
      setError(apiErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the person instead of submitting the surrounding form.
    if (event.key === "Enter") {
      event.preventDefault();
      void add();
    }
  };

  return (
    <Stack gap="sm">
      {visible.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("users.contacts.none")}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
          {visible.map((person) => {
            const locked = lockedEmails.some((e) => same(e, person.email));
            return (
              <Paper component="li" key={person.id ?? person.email} withBorder p="xs" px="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {person.name}
                      </Text>
                      {me && same(me, person.email) && <ToneBadge tone="neutral">{t("users.contacts.you")}</ToneBadge>}
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {person.email}
                      {person.phone ? ` · ${formatPhone(person.phone)}` : ""}
                    </Text>
                    {/* A saved contact without a phone: they have not opened the event or group yet. */}
                    {person.id && !person.phone && inviteType !== "teamleader" && (
                      <Text size="xs" c="dimmed">
                        {t(`users.contacts.phoneHidden.${inviteType}`)}
                      </Text>
                    )}
                  </div>
                  {!locked && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      onClick={() => void remove(person)}
                      disabled={disabled || busy}
                      aria-label={t("users.contacts.remove", { name: person.name })}
                    >
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <TextInput
        label={t("users.contacts.emailLabel")}
        description={
          onSave ? `${t("users.contacts.emailHint")} ${t("users.contacts.savedAtOnce")}` : t("users.contacts.emailHint")
        }
        name="contactPersonEmail"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => {
          setEmail(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        error={error}
        disabled={disabled}
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1 }}>{input}</div>
            <Button onClick={() => void add()} loading={busy} disabled={disabled} variant="outline">
              {t("users.contacts.add")}
            </Button>
          </Group>
        )}
      />
      <Text size="sm" c="teal.9" role="status">
        {saved}
      </Text>
    </Stack>
  );
}
