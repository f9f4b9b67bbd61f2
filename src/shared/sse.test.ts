import { describe, expect, it } from "vitest";
import { readEventStream } from "./sse.ts";

const streamOf = (chunks: Array<string | Uint8Array>) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === "string" ? new TextEncoder().encode(c) : c);
      controller.close();
    },
  });

describe("readEventStream", () => {
  it("hands on each event's data across chunk borders, a character cut in two included, and skips comments", async () => {
    const named = new TextEncoder().encode('data: {"name":"Målgång"}\n\n');
    const seen: string[] = [];
    await readEventStream(
      streamOf([": live\n\n", 'data: {"a":1}\n', '\n: ping\n\ndata: {"a"', ":2}\n\n", named.slice(0, 17), named.slice(17)]),
      (d) => seen.push(d),
    );
    expect(seen).toEqual(['{"a":1}', '{"a":2}', '{"name":"Målgång"}']);
  });

  it("hands on nothing from a stream of comments", async () => {
    const seen: string[] = [];
    await readEventStream(streamOf([": ping\n\n"]), (d) => seen.push(d));
    expect(seen).toEqual([]);
  });
});
