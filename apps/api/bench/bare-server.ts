// The yardstick of the catalog's throughput (bench/catalog-throughput.ts): a bare Fastify server,
// no logger, no hooks, no plugins, that answers one path with bytes and headers captured from the
// real API beforehand. Whatever the real API does per request beyond this is its own overhead.
// Started in a process of its own: `tsx bench/bare-server.ts <answers.json>`; prints its URL.
import { readFile } from 'node:fs/promises';

import Fastify from 'fastify';

/** One captured answer: sent for GET `path` when the request's Accept-Encoding is `acceptEncoding`. */
export interface CapturedAnswer {
  path: string;
  /** The request's Accept-Encoding the answer was captured with ('' for none). */
  acceptEncoding: string;
  status: number;
  headers: Record<string, string>;
  /** The body as sent on the wire (compressed when the real API compressed it), base64. */
  bodyBase64: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <answers.json>');
const answers = JSON.parse(await readFile(file, 'utf8')) as CapturedAnswer[];

const app = Fastify({ logger: false });
const byPath = new Map<string, { acceptEncoding: string; status: number; headers: Record<string, string>; body: Buffer }[]>();
for (const answer of answers) {
  const list = byPath.get(answer.path) ?? [];
  list.push({ ...answer, body: Buffer.from(answer.bodyBase64, 'base64') });
  byPath.set(answer.path, list);
}
for (const [routePath, variants] of byPath) {
  app.get(routePath, (request, reply) => {
    const asked = request.headers['accept-encoding'] ?? '';
    const answer = variants.find((v) => v.acceptEncoding === asked) ?? variants[0]!;
    void reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
console.log(`http://127.0.0.1:${port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
