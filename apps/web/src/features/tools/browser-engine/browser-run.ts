import type { Run, RunOutput, ToolId } from '@atelier/contracts';
import { toolsApi } from '../api/tools-api.ts';
import { imageSize } from '../intake/check-image-file.ts';
import type { BrowserProgress } from './browser-stages.ts';

/** The work of a browser run failed after it was recorded; `run` is the run as the server has it after the report (refunded or not). */
export class BrowserWorkFailed extends Error {
  constructor(
    readonly reason: unknown,
    readonly run: Run | undefined,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = 'BrowserWorkFailed';
  }
}

/**
 * One run done on this device (background removal), as a single result or one tile of a
 * batch: the server records and charges it first (credits are taken before the
 * work) with the image's size, never the image; then `work` runs here. A failure of the work is
 * reported, and the server may give the credit back. A refused record (402, …) throws the API's error.
 */
export async function runInBrowser(
  tool: ToolId,
  image: File,
  work: (onProgress: (progress: BrowserProgress) => void) => Promise<RunOutput>,
  hooks: { onCharged: () => void; onProgress: (progress: BrowserProgress) => void },
): Promise<{ run: Run; output: RunOutput }> {
  const run = await toolsApi.recordBrowserRun(tool, await imageSize(image));
  hooks.onCharged();
  try {
    return { run, output: await work(hooks.onProgress) };
  } catch (error) {
    // For the server's logs only (at most 500 characters); the image is never part of it.
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const reported = await toolsApi.reportBrowserFailure(run.id, reason).catch(() => undefined);
    throw new BrowserWorkFailed(error, reported);
  }
}
