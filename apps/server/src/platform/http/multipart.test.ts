import { describe, expect, it } from 'vitest';
import { readMultipart } from './multipart.ts';

/** A request carrying `form` as the browser sends it (multipart with a boundary). */
const post = (form: FormData) => new Request('http://localhost/', { method: 'POST', body: form });

const file = (bytes: number[], name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe('readMultipart', () => {
  it('reads text fields and files, with their names, types and bytes', async () => {
    const form = new FormData();
    form.append('prompt', 'a quiet beach — 海辺');
    form.append('image', file([1, 2, 3], 'cat photo.png', 'image/png'));
    const fields = await readMultipart(post(form));
    expect(fields.prompt).toBe('a quiet beach — 海辺');
    const image = fields.image as File;
    expect(image).toBeInstanceOf(File);
    expect(image.name).toBe('cat photo.png');
    expect(image.type).toBe('image/png');
    expect([...new Uint8Array(await image.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('keeps repeated fields as arrays in the order sent when asked, else the last one', async () => {
    const form = new FormData();
    // A large file first: it ends after the small ones have, and must still come first.
    form.append(
      'image',
      file(
        Array.from({ length: 300_000 }, (_, i) => i % 256),
        'a.png',
        'image/png',
      ),
    );
    form.append('image', file([2], 'b.png', 'image/png'));
    form.append('image', file([3], 'c.png', 'image/png'));
    const all = await readMultipart(post(form), { all: true });
    expect((all.image as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png', 'c.png']);
    const last = await readMultipart(post(form));
    expect((last.image as File).name).toBe('c.png');
  });

  it('rejects a body that is not multipart, or is cut short', async () => {
    const noBoundary = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'image=1',
    });
    await expect(readMultipart(noBoundary)).rejects.toThrow();
    const cut = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
    });
    await expect(readMultipart(cut)).rejects.toThrow();
  });
});
