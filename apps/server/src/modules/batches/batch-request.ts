import { BATCH_MAX_IMAGES, type BatchToolId } from '@atelier/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { assertFeature } from '../../platform/http/feature-gate.ts';
import {
  assertPlanAllowsOptions,
  checkUpload,
  isFile,
  missing,
  readBody,
  readExtras,
  readOptions,
} from '../runs/run-request.ts';
import type { RequestImage } from '../runs/service.ts';
import type { WebhookPolicy } from '../webhooks/webhook-url.ts';

export interface BatchRequest {
  tool: BatchToolId;
  options: Record<string, unknown>;
  images: RequestImage[];
  webhookUrl?: string;
  /** Charged to this team's pool (checked in the batch's transaction). */
  teamId?: string;
}

/**
 * Reads `POST /api/tools/{tool}/batches`: the field `image` repeated, the options once. Every
 * image is checked, by its bytes, before the batch is charged.
 */
export async function readBatchRequest(
  c: Context<AppEnv>,
  tool: BatchToolId,
  webhooks: WebhookPolicy,
): Promise<BatchRequest> {
  const body = await readBody(c, tool, true);
  // With `all`, a field sent once is a value and a repeated one an array; options come once.
  const files = [body.image].flat().filter(isFile);
  const fields = Object.fromEntries(
    Object.entries(body)
      .filter(([k]) => k !== 'image')
      .map(([k, v]) => [k, [v].flat()[0]]),
  );
  const options = readOptions(tool, fields);
  const { webhookUrl, inputRunId, teamId } = await readExtras(c, fields, webhooks);
  // Batches are a plan's feature: in a team, the team's plan's (a Free member of a Studio team
  // batches there). The route documents the gate; it is judged here, where `teamId` is known.
  await assertFeature(c, 'batches', { teamId });
  await assertPlanAllowsOptions(c, tool, options, teamId);
  if (inputRunId) {
    throw new AppError('VALIDATION_ERROR', 'A batch takes uploaded images, not inputRunId', {
      fields: { inputRunId: 'not taken by a batch' },
      issues: [{ field: 'inputRunId', problem: 'unknown_field' }],
    });
  }
  if (options.background === 'image' || isFile(body.background_image)) {
    // Each run of a batch takes one uploaded image; an uploaded background is for single runs.
    throw new AppError('VALIDATION_ERROR', 'A batch cannot use an uploaded background image', {
      fields: { background_image: 'not taken by a batch' },
      issues: [{ field: 'background_image', problem: 'unknown_field' }],
    });
  }
  if (files.length === 0) throw missing('image');
  if (files.length > BATCH_MAX_IMAGES) {
    throw new AppError('VALIDATION_ERROR', `At most ${BATCH_MAX_IMAGES} images in one batch`, {
      fields: { image: `at most ${BATCH_MAX_IMAGES}` },
      issues: [{ field: 'image', problem: 'too_big', limit: BATCH_MAX_IMAGES }],
    });
  }
  const images: RequestImage[] = [];
  for (const file of files) images.push(await checkUpload(tool, 'image', file));
  return { tool, options, images, webhookUrl, teamId };
}
