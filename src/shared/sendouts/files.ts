/**
 * Files for send-outs (STAFFING §2, spec 01 §5 and §9): the limits, the kinds of file an organizer sends to
 * volunteers, and what a file's name may be. The server checks every upload against these; the upload
 * control uses them to say so before a byte is sent.
 */

/** 6 MiB: the spec's "6 MB" and "6.3 MB" are both this many bytes (STAFFING §2). */
export const MAX_FILE_BYTES = 6 * 1024 * 1024;
/** The attachments of one send-out together: a mail that large still passes every common relay. */
export const MAX_TOTAL_BYTES = 6 * 1024 * 1024;
/**
 * The files one event may hold for its send-outs (ADR 024). A large event sends a handful of send-outs, each
 * with a few files, and a team leader of each station may add a map or a list of their own: 50 names leave
 * room for that. Together they may take 100 MiB, an average of 2 MiB a file (a typical PDF is far smaller).
 * A new version of one's own file under the same name takes its place and adds no name.
 */
export const MAX_EVENT_FILES = 50;
export const MAX_EVENT_BYTES = 100 * 1024 * 1024;

/**
 * Why a file of `size` bytes does not fit among the event's files, or null when it does. `held` is what the
 * event holds besides the file it replaces (if any).
 */
export function eventFilesRefusal(held: { count: number; bytes: number }, size: number): "count" | "bytes" | null {
  if (held.count + 1 > MAX_EVENT_FILES) return "count";
  if (held.bytes + size > MAX_EVENT_BYTES) return "bytes";
  return null;
}

/** At most this many characters in a stored name; longer ones are shortened before the extension. */
export const FILE_NAME_MAX = 120;

/**
 * The kinds of file accepted, by the type the server finds in the content, each with the name endings it
 * may carry. Documents, sheets, images and text an organizer sends: nothing that runs (no HTML, SVG,
 * scripts, macros or archives of unknown content).
 */
export const FILE_TYPES = {
  "application/pdf": ["pdf"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "text/plain": ["txt"],
  "text/csv": ["csv"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
  "application/vnd.oasis.opendocument.text": ["odt"],
  "application/vnd.oasis.opendocument.spreadsheet": ["ods"],
  "application/vnd.oasis.opendocument.presentation": ["odp"],
} as const satisfies Record<string, readonly string[]>;
export type FileType = keyof typeof FILE_TYPES;

/** Every accepted name ending, with its dot (for a file picker's `accept`). */
export const FILE_EXTENSIONS: readonly string[] = Object.values(FILE_TYPES).flatMap((list) => list.map((e) => `.${e}`));

/** The ending of a name, lower-case and without the dot; "" when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Does `name` end the way files of `type` do? */
export function nameFitsType(name: string, type: FileType): boolean {
  return (FILE_TYPES[type] as readonly string[]).includes(extensionOf(name));
}

/** Is the name's ending one of an accepted kind of file? */
export const acceptedExtension = (name: string) => FILE_EXTENSIONS.includes(`.${extensionOf(name)}`);

// Control characters (C0, DEL, C1), format characters that can disguise a name (bidirectional overrides
// turn "gpj.exe" around, zero-width ones hide), and the characters Windows, shells and object stores trip on.
const CONTROL = /\p{Cc}/gu;
const FORMAT = /\p{Cf}/gu;
const AWKWARD = /[<>:"|?*]/g;
/** Names Windows keeps for devices: a file called so cannot be saved there. */
const DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/** Cuts `text` to at most `max` characters without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("");
}

/**
 * The name a file is stored and mailed under: only the last part of any path (either slash), in Unicode
 * NFC, without control and format characters, without leading dots (no hidden files, no "..") or trailing
 * dots and spaces, with awkward characters as "_", at most FILE_NAME_MAX characters (the ending kept).
 * "" when nothing usable is left. Nothing is decoded: "%2e%2e" stays the harmless name it is.
 */
export function sanitizeFileName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? "";
  let name = last
    .normalize("NFC")
    .replace(/[\t\n\v\f\r]+/g, " ")
    .replace(CONTROL, "")
    .replace(FORMAT, "")
    .replace(AWKWARD, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+/, "")
    .replace(/[\s.]+$/, "");
  if (DEVICE.test(name)) name = `_${name}`;
  if (Array.from(name).length > FILE_NAME_MAX) {
    const ext = extensionOf(name);
    const keep = ext && ext.length <= 10 ? `.${ext}` : "";
    name = `${cut(name.slice(0, name.length - keep.length), FILE_NAME_MAX - keep.length).replace(/[\s.]+$/, "")}${keep}`;
  }
  return name;
}

/** Too much for one send-out? */
export const totalTooBig = (files: ReadonlyArray<{ size: number }>) =>
  files.reduce((sum, f) => sum + f.size, 0) > MAX_TOTAL_BYTES;
