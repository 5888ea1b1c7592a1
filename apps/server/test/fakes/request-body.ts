import type http from 'node:http';

/** A request's whole body. */
export async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A multipart/form-data body's text fields and files, parsed by the platform's own parser.
 * Rejects a body that is not valid multipart; each fake answers that in its provider's words.
 */
export async function parseMultipart(
  contentType: string,
  body: Buffer,
): Promise<{ fields: Record<string, string>; files: Record<string, Buffer> }> {
  const form = await new Request('http://fake/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  }).formData();
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else files[name] = Buffer.from(await value.arrayBuffer());
  }
  return { fields, files };
}
