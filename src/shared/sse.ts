/**
 * Reads a Server-Sent Events stream (the check-ins' live stream) to its end, handing on each `data:` line
 * of each event. Comment lines (`: ping`) are skipped. For readers that cannot use EventSource: it cannot
 * send the access token. Throws what reading throws (an aborted stream, a lost connection).
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      for (const line of buffer.slice(0, end).split("\n")) if (line.startsWith("data: ")) onData(line.slice(6));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
    }
  }
}
