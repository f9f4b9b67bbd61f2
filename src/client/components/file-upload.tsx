import { ActionIcon, Alert, Button, Group, Input, Paper, Progress, Stack, Text } from "@mantine/core";
import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../app/api.ts";
import classes from "./file-upload.module.css";
import { apiErrorText } from "./form.ts";

/** A file the server has taken: its (cleaned) name, the type it found and its size in bytes. */
export interface UploadedFile {
  name: string;
  type: string;
  size: number;
}

interface Props {
  label: string;
  /** The name of the file input (the form's field name). */
  name?: string;
  description?: string;
  /** The files uploaded so far, in order. */
  files: UploadedFile[];
  onChange(files: UploadedFile[]): void;
  /** Sends one file, reporting the share sent (0..1); resolves with the file as the server keeps it. */
  upload(file: File, onProgress: (share: number) => void): Promise<UploadedFile>;
  maxFileBytes: number;
  maxTotalBytes: number;
  /** Accepted kinds, as a file picker filters them: type → name endings (".pdf"). */
  accept?: Record<string, readonly string[]>;
  /** A message from the form about the files (e.g. the server's refusal of one). */
  error?: string;
  disabled?: boolean;
  /** Tells the form that an upload is under way (a send should wait for it). */
  onBusy?(busy: boolean): void;
  /** Values for the server's messages about a refused file (e.g. the limits they name), besides its name. */
  messageValues?: Record<string, string | number>;
  /** A line under the list, e.g. how much of the room for files is taken. */
  note?: string;
}

/** A size as people read it: "820 kB", "1,4 MB" (in the page's language). */
export function formatBytes(bytes: number, language: string): string {
  const number = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024 * 1024) return `${number(Math.max(1, Math.round(bytes / 1024)))} kB`;
  return `${number(bytes / (1024 * 1024))} MB`;
}

/** Is `file` one of the accepted kinds, by its type or by its name's ending (a dropped file may have no type)? */
export function accepts(accept: Props["accept"], file: { name: string; type: string }): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  return Object.entries(accept).some(
    ([type, endings]) => type === file.type || endings.some((e) => name.endsWith(e.toLowerCase())),
  );
}

/**
 * The shared upload control (spec 01 §5): drop a file on the area or choose one with the button (the
 * keyboard's way in, opening the browser's own file input), one file at a time, each sent at once with its
 * progress shown. The list shows every file with its size and a remove button; removing takes away the entry
 * of that name and size. A file over the limit per file is refused with the limit named, as is one that
 * would take the files over their total, one of a kind not accepted, and more than one at a time.
 */
export function FileUpload({
  label,
  name,
  description,
  files,
  onChange,
  upload,
  maxFileBytes,
  maxTotalBytes,
  accept,
  error,
  disabled,
  onBusy,
  messageValues,
  note,
}: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<{ name: string; share: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const closed = disabled || !!sending;

  const take = async (file: File) => {
    setProblem(null);
    if (!accepts(accept, file)) return setProblem(t("upload.wrongType", { name: file.name }));
    if (file.size > maxFileBytes) return setProblem(t("upload.tooBig", { name: file.name, max: size(maxFileBytes) }));
    if (total + file.size > maxTotalBytes) return setProblem(t("upload.totalTooBig", { max: size(maxTotalBytes) }));
    setSending({ name: file.name, share: 0 });
    onBusy?.(true);
    try {
      const kept = await upload(file, (share) => setSending({ name: file.name, share }));
      // The server names the file; one of the same name replaces the earlier one there, so here too.
      onChange([...files.filter((f) => f.name !== kept.name), kept]);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : null;
      // The server's own message about the file where it gives one (a name taken, no room left).
      const said = err instanceof ApiError ? err.fields?.file : undefined;
      setProblem(
        said
          ? t(said, { name: file.name, ...messageValues })
          : code === "PayloadTooLarge"
            ? t("upload.tooBig", { name: file.name, max: size(maxFileBytes) })
            : code === "UnsupportedMediaType"
              ? t("upload.wrongType", { name: file.name })
              : apiErrorText(err, t),
      );
    } finally {
      setSending(null);
      onBusy?.(false);
    }
  };

  /** One file from the input or a drop; more than one at a time is refused. */
  const takeList = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    if (list.length > 1) return setProblem(t("upload.oneAtATime"));
    void take(list[0]);
  };

  // A drag shows where to drop only when it carries files and the control is open.
  const over = (e: DragEvent) => {
    if (closed || !e.dataTransfer.types.includes("Files")) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!closed) takeList(e.dataTransfer.files);
  };

  const remove = (file: UploadedFile) => {
    setProblem(null);
    onChange(files.filter((f) => !(f.name === file.name && f.size === file.size)));
  };

  const message = problem ?? error;
  return (
    <Stack gap="xs" role="group" aria-labelledby={`${id}-label`} aria-describedby={description ? `${id}-description` : undefined}>
      <Input.Label labelElement="div" id={`${id}-label`} mb={-4}>
        {label}
      </Input.Label>
      <Paper
        radius="md"
        p="md"
        className={classes.drop}
        data-drop
        data-dragging={dragging || undefined}
        data-disabled={closed || undefined}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <Stack align="center" gap={6}>
          <Text ta="center" size="sm">
            {t("upload.dropHere")}
          </Text>
          <Text ta="center" size="xs" c="dimmed">
            {t("upload.limits", { file: size(maxFileBytes), total: size(maxTotalBytes) })}
          </Text>
        </Stack>
      </Paper>
      {/* The browser's own input, opened by the button: its name and filter are the form's. */}
      <input
        ref={input}
        type="file"
        name={name}
        accept={accept ? Object.entries(accept).flat(2).join(",") : undefined}
        hidden
        tabIndex={-1}
        onChange={(e) => {
          takeList(e.currentTarget.files);
          // Choosing the same file again is a new choice.
          e.currentTarget.value = "";
        }}
      />
      <Group>
        <Button variant="default" onClick={() => input.current?.click()} disabled={closed}>
          {t("upload.choose")}
        </Button>
      </Group>
      {description && <Input.Description id={`${id}-description`}>{description}</Input.Description>}
      {sending && (
        <Stack gap={4}>
          <Text size="sm">{t("upload.sending", { name: sending.name })}</Text>
          <Progress value={Math.round(sending.share * 100)} aria-label={t("upload.progress", { name: sending.name })} animated />
        </Stack>
      )}
      {message && (
        <Alert color="red" role="alert" py="xs">
          {message}
        </Alert>
      )}
      {files.length > 0 && (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }} aria-label={t("upload.listLabel")}>
          {files.map((f) => (
            <Paper component="li" key={`${f.name}|${f.size}`} withBorder radius="sm" px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                  {f.name}{" "}
                  <Text span size="xs" c="dimmed">
                    ({size(f.size)})
                  </Text>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={t("upload.remove", { name: f.name })}
                  onClick={() => remove(f)}
                  disabled={disabled}
                >
                  <span aria-hidden="true">✕</span>
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {files.length > 0 && (
        <Text size="xs" c="dimmed">
          {t("upload.total", { total: size(total), max: size(maxTotalBytes) })}
        </Text>
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
