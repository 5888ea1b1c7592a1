import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';

/** A multipart body as fields: text fields as strings, files as `File`s. */
export type MultipartFields = Record<string, string | File | (string | File)[]>;

/**
 * Reads a `multipart/form-data` request as it streams in, part by part (busboy). The Fetch
 * API's `formData()` (what Hono's `parseBody` calls) parses the whole body in one go once it
 * has arrived: a 10 MB upload holds the thread that serves everyone for tens of milliseconds.
 * Here each network chunk is parsed as it comes, between other requests.
 *
 * Repeated fields become arrays in the order they were sent when `all`; otherwise the last
 * one wins. Rejects on a body that is not well-formed multipart.
 */
export async function readMultipart(request: Request, { all = false } = {}): Promise<MultipartFields> {
  const contentType = request.headers.get('content-type');
  if (!request.body || !contentType) throw new Error('No multipart body');
  // Throws at once on a content type without a boundary.
  const parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
  // Parts in the order sent; a file's value is known once its stream has ended.
  const parts: { name: string; value: string | Promise<File> }[] = [];

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => parts.push({ name, value }));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const value = new Promise<File>((resolveFile, rejectFile) => {
        stream.on('end', () => resolveFile(new File(chunks, info.filename ?? '', { type: info.mimeType })));
        stream.on('error', rejectFile);
      });
      // A cut-short body fails the file and the parser both: the parser's error is the answer.
      value.catch(() => {});
      parts.push({ name, value });
    });
    parser.on('close', resolve);
    parser.on('error', reject);
  });
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  body.on('error', (error) => parser.destroy(error));
  body.pipe(parser);
  await parsed;

  const fields: MultipartFields = {};
  for (const { name, value } of parts) {
    const resolved = typeof value === 'string' ? value : await value;
    const earlier = fields[name];
    if (all && earlier !== undefined) fields[name] = [...(Array.isArray(earlier) ? earlier : [earlier]), resolved];
    else fields[name] = resolved;
  }
  return fields;
}
