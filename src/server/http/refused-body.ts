import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** How much of a refused body is read and thrown away after the answer; a client sending more is cut off. */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * A body refused for its size (413) is answered before it has all arrived. Fastify then closes the
 * connection, and closing a socket with the client's bytes still arriving makes the system answer them with a
 * reset, which often reaches the client before it has read the 413: it sees a broken connection instead of
 * the reason. So the rest of the body is read and thrown away up to DRAIN_LIMIT_BYTES and the connection stays
 * usable; a client that sends more than that loses its connection.
 */
export function answerRefusedBodiesCleanly(server: FastifyInstance) {
  server.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode === 413 && !request.raw.complete) {
      reply.removeHeader("connection");
      drain(request.raw);
    }
    return payload;
  });
}

function drain(body: IncomingMessage) {
  let read = 0;
  body.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT_BYTES) body.socket.destroy();
  });
  body.resume();
}
