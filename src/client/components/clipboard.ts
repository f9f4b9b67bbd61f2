/**
 * The one way the app copies to the clipboard, also a text still on its way (an answer from the API). Safari lets a page write to the clipboard
 * only within the click itself, not after an await, so the text is handed over as a promise inside a
 * ClipboardItem where the browser has one; elsewhere it is written once it has come. Rejects when there is no
 * clipboard (an insecure page, a refused permission) or the text never comes.
 */
export async function copyText(text: string | Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== "undefined" && navigator.clipboard?.write) {
    const blob = Promise.resolve(text).then((t) => new Blob([t], { type: "text/plain" }));
    try {
      return await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
    } catch {
      // Some browsers take no promise in a ClipboardItem: the plain way below still works once the text is here.
    }
  }
  await navigator.clipboard.writeText(await text);
}
