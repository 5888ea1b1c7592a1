// Written as a user of the @hey-api/openapi-ts client would write it; compiled and run by
// test/api/generated-clients.test.ts against the client it generates (./hey-api).
import { createClient, createConfig } from './hey-api/client';
import * as atelier from './hey-api/sdk.gen';
import type { Run } from './hey-api/types.gen';

/** The path parts of an output's URL (`…/files/runs/{userId}/{runId}/{file}`). */
const filePath = (url: string) => {
  const [, userId = '', runId = '', file = ''] = /\/files\/runs\/([^/]+)\/([^/]+)\/([^/?]+)/.exec(url) ?? [];
  return { userId, runId, file };
};
const firstBytes = async (blob: Blob, n: number) => [...new Uint8Array(await blob.arrayBuffer()).slice(0, n)];

export async function walk(baseUrl: string, key: string, photo: Blob) {
  const client = createClient(
    createConfig({ baseUrl, auth: (scheme) => (scheme.scheme === 'bearer' ? key : undefined) }),
  );
  // Every call throws on an error answer, so each `data` below is a success's.
  const using = { client, throwOnError: true } as const;
  const waited = await atelier.startAiPhotoEditorRun({
    ...using,
    body: { image: photo, editType: 'brighten' },
    headers: { prefer: 'wait=60' },
  });
  const finished = (waited.data as { run: Run }).run;

  const upload = await atelier.startAiPhotoEditorRun({ ...using, body: { image: photo, editType: 'sharpen' } });
  const uploaded = (upload.data as { run: Run }).run;

  const json = await atelier.startRun({ ...using, path: { tool: 'image-upscale' }, body: { inputRunId: finished.id } });

  const image = await atelier.getRunFile({ ...using, path: filePath(finished.outputs[0]?.url ?? '') });

  const started = await atelier.startBatch({
    ...using,
    path: { tool: 'ai-photo-editor' },
    body: { image: [photo, photo], editType: 'brighten' },
  });
  const batchId = started.data?.batch.id ?? '';
  let batchStatus = '';
  for (let attempt = 0; attempt < 600 && batchStatus !== 'completed'; attempt++) {
    const { data } = await atelier.getBatch({ ...using, path: { id: batchId } });
    batchStatus = data?.batch.status ?? 'unknown';
    if (batchStatus !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const zip = await atelier.getBatchArchive({ ...using, path: { id: batchId } });

  return {
    upload: { status: upload.response.status, tool: uploaded.tool, credits: uploaded.credits },
    json: { status: json.response.status, tool: json.data?.run.tool ?? '' },
    waited: { status: waited.response.status, runStatus: finished.status },
    image: { bytes: await firstBytes(image.data as Blob, 4) },
    zip: { bytes: await firstBytes(zip.data as Blob, 2), batchStatus },
  };
}
