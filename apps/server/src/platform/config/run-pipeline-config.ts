import os from 'node:os';
import { TOOL_IDS, type ToolId } from '@atelier/contracts';
import { z } from 'zod';

/**
 * The environment of the run pipeline (storage, engines, worker leases), spread into the
 * main config schema so one boot check lists every problem.
 */

/** ENGINE_IMAGE_GENERATION, ENGINE_AI_ERASER, … : the engine id that serves a tool. */
export const engineEnvName = (tool: ToolId) => `ENGINE_${tool.toUpperCase().replace(/-/g, '_')}`;

const engineVars = Object.fromEntries(TOOL_IDS.map((t) => [engineEnvName(t), z.string().min(1).optional()])) as Record<
  string,
  z.ZodOptional<z.ZodString>
>;

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

export const runPipelineEnv = {
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // Processes that run the local engines off the HTTP thread (default: cores, at most WORKER_CONCURRENCY).
  ENGINE_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
  RUN_LEASE_SECONDS: seconds(60),
  RUN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(2),
  RUN_SWEEP_INTERVAL_SECONDS: seconds(15),
  // AI providers: each is configured (and offered to the registry) only when its key is set.
  RECRAFT_API_KEY: z.string().min(1).optional(),
  RECRAFT_API_BASE: z.url().default('https://external.api.recraft.ai/v1'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_API_BASE: z.url().default('https://api.openai.com/v1'),
  STABILITY_API_KEY: z.string().min(1).optional(),
  STABILITY_API_BASE: z.url().default('https://api.stability.ai'),
  // A self-hosted ComfyUI has no key: its address is what configures it.
  COMFYUI_URL: z.url().optional(),
  COMFYUI_CHECKPOINT: z.string().min(1).optional(),
  ...engineVars,
};

type RunPipelineEnv = z.output<z.ZodObject<typeof runPipelineEnv>> & { STORAGE: 'local' | 's3' };

export function checkRunPipelineEnv(env: RunPipelineEnv, ctx: z.RefinementCtx) {
  if (env.STORAGE !== 's3') return;
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE=s3' });
  }
}

export function runPipelineConfig(env: RunPipelineEnv) {
  return {
    s3:
      env.STORAGE === 's3'
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    engines: Object.fromEntries(
      TOOL_IDS.flatMap((t) => {
        const id = (env as Record<string, unknown>)[engineEnvName(t)];
        return typeof id === 'string' ? [[t, id]] : [];
      }),
    ) as Partial<Record<ToolId, string>>,
    providers: {
      // The key stays on the server: it is only ever put in the Authorization header.
      recraft: env.RECRAFT_API_KEY
        ? { apiKey: env.RECRAFT_API_KEY, baseUrl: env.RECRAFT_API_BASE.replace(/\/$/, '') }
        : undefined,
      openai: env.OPENAI_API_KEY
        ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_API_BASE.replace(/\/$/, '') }
        : undefined,
      stability: env.STABILITY_API_KEY
        ? { apiKey: env.STABILITY_API_KEY, baseUrl: env.STABILITY_API_BASE.replace(/\/$/, '') }
        : undefined,
      comfyui: env.COMFYUI_URL
        ? { baseUrl: env.COMFYUI_URL.replace(/\/$/, ''), checkpoint: env.COMFYUI_CHECKPOINT }
        : undefined,
    },
    runs: {
      workerConcurrency: env.WORKER_CONCURRENCY,
      // More engine processes than runs at once would only sit idle with their models loaded.
      enginePoolSize: env.ENGINE_POOL_SIZE ?? Math.min(os.availableParallelism(), env.WORKER_CONCURRENCY),
      leaseMs: env.RUN_LEASE_SECONDS * 1000,
      maxAttempts: env.RUN_MAX_ATTEMPTS,
      sweepIntervalMs: env.RUN_SWEEP_INTERVAL_SECONDS * 1000,
    },
  };
}
