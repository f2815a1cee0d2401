import type { IncomingMessage } from 'node:http';

/** A request body read as JSON: the value, or why it could not be (larger than the bound, or not JSON). */
export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: 'too-large' | 'not-json' };

/**
 * Read a request's body as JSON, stopping as soon as it passes `maxBytes`, so a large body is never held whole: then
 * `answerTooLarge` answers (each local HTTP server in its own protocol) before the request is destroyed, which
 * closes the connection.
 */
export async function readJsonBody(
  request: IncomingMessage,
  maxBytes: number,
  answerTooLarge: () => void,
): Promise<JsonBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      answerTooLarge();
      request.destroy();
      return { ok: false, reason: 'too-large' };
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, reason: 'not-json' };
  }
}
