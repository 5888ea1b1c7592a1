// Written as a user of an orval-generated client would write it; compiled and run by
// test/api/generated-clients.test.ts against the client it generates (./orval/client.ts).
import * as atelier from './orval/client';
import { connection } from './orval-fetch';

/** The path parts of an output's URL (`…/files/runs/{userId}/{runId}/{file}`). */
const filePath = (url: string) => {
  const [, userId = '', runId = '', file = ''] = /\/files\/runs\/([^/]+)\/([^/]+)\/([^/?]+)/.exec(url) ?? [];
  return [userId, runId, file] as const;
};
const firstBytes = async (blob: Blob, n: number) => [...new Uint8Array(await blob.arrayBuffer()).slice(0, n)];
/** The run of a start's answer; any other answer stops the walk with what the server said. */
const runOf = (answer: { status: number; data: unknown }) => {
  if (answer.status !== 200 && answer.status !== 202)
    throw new Error(`${answer.status}: ${JSON.stringify(answer.data)}`);
  return (answer.data as atelier.RunResult).run;
};

export async function walk(baseUrl: string, key: string, photo: Blob) {
  Object.assign(connection, { baseUrl, key });
  const waited = await atelier.startAiPhotoEditorRun(
    { image: photo, editType: 'brighten' },
    { headers: { prefer: 'wait=60' } },
  );
  const finished = runOf(waited);

  const upload = await atelier.startAiPhotoEditorRun({ image: photo, editType: 'sharpen' });
  const json = await atelier.startRun('image-upscale', { inputRunId: finished.id });
  const image = await atelier.getRunFile(...filePath(finished.outputs[0]?.url ?? ''));

  const started = await atelier.startBatch('ai-photo-editor', { image: [photo, photo], editType: 'brighten' });
  const batchId = started.status === 202 ? started.data.batch.id : '';
  let batchStatus = '';
  for (let attempt = 0; attempt < 600 && batchStatus !== 'completed'; attempt++) {
    const answer = await atelier.getBatch(batchId);
    batchStatus = answer.status === 200 ? answer.data.batch.status : 'unknown';
    if (batchStatus !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const zip = await atelier.getBatchArchive(batchId);

  return {
    upload: { status: upload.status, tool: runOf(upload).tool, credits: runOf(upload).credits },
    json: { status: json.status, tool: runOf(json).tool },
    waited: { status: waited.status, runStatus: finished.status },
    image: { bytes: await firstBytes(image.data as Blob, 4) },
    zip: { bytes: await firstBytes(zip.data as Blob, 2), batchStatus },
  };
}
