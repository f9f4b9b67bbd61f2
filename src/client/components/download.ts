/** A file name from a display name: letters and digits kept, everything else one dash (`fallback` when empty). */
export const downloadName = (name: string, fallback: string, extension: string) =>
  `${name.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || fallback}.${extension}`;

/** Hands a downloaded file (e.g. a CSV export) to the browser to save under `fileName`. */
export function saveDownload(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
