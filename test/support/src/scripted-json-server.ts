import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer of a scripted server: the status and the JSON body. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * A JSON HTTP server on 127.0.0.1 (random port) for the scripted model APIs: each request is answered by `handle`;
 * a handler that throws gets a 500 with `errorBody(message)`, in the API's own error shape.
 */
export async function startScriptedJsonServer(options: {
  handle: (request: IncomingMessage) => Promise<JsonAnswer>;
  errorBody: (message: string) => unknown;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    void options.handle(request).then(
      ({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(options.errorBody(error instanceof Error ? error.message : String(error))),
        );
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A request's body as text. */
export async function readRequestText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
