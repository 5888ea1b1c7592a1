// The fetch orval's generated calls go through (its `override.mutator`), as a project using
// orval writes one: the server's address and the API key in one place, and each answer read as
// its media type says — JSON as JSON, an image or a ZIP as a Blob.
export const connection = { baseUrl: '', key: '' };

export async function atelierFetch<T>(url: string, init: RequestInit): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${connection.key}`);
  const res = await fetch(`${connection.baseUrl}${url}`, { ...init, headers });
  const type = res.headers.get('content-type') ?? '';
  const data = [204, 205, 304].includes(res.status)
    ? null
    : type.includes('json')
      ? await res.json()
      : await res.blob();
  return { data, status: res.status, headers: res.headers } as T;
}
