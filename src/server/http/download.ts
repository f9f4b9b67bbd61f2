import { create } from "content-disposition";

/**
 * The Content-Disposition of a download named `name`: the name quoted, and beside it its UTF-8 form for a
 * name beyond ASCII (RFC 6266). The library leaves a plain name bare; quoted is what the exports have always
 * sent, and what every client reads.
 */
export const attachmentDisposition = (name: string): string =>
  create(name).replace(/^attachment; filename=([^";]+)$/, 'attachment; filename="$1"');
