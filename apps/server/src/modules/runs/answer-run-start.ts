import {
  API_V1_PREFIX,
  ERROR_STATUS,
  type ErrorBody,
  isFinishedStatus,
  PREFER_WAIT_MAX_SECONDS,
  type Run,
} from '@atelier/contracts';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { type AcceptedAnswers, acceptedAnswers } from './accept-image.ts';
import { waitForEnd } from './follow-run.ts';
import { preferredWaitSeconds } from './prefer-wait.ts';
import type { RunWatcher } from './run-events.ts';
import type { RunDeps } from './service.ts';
import * as service from './service.ts';

/**
 * The answer to a run start once the run is charged and queued: the run at once (202), or,
 * with `Prefer: wait=N` or `Accept: image/…`, the run when it ends or N seconds pass —
 * still going then, 202 with its `Location`; ended, the run as JSON or its image.
 */
export async function answerRunStart(c: Context<AppEnv>, deps: RunDeps, watcher: RunWatcher, run: Run) {
  const prefer = c.req.header('prefer');
  const accepted = acceptedAnswers(c.req.header('accept'));
  // `Accept: image/…` is a one-call run: it waits as long as the server holds an answer unless told otherwise.
  const wait = preferredWaitSeconds(prefer, accepted.image ? PREFER_WAIT_MAX_SECONDS : undefined);
  if (wait === undefined) return c.json({ run }, 202);
  const asked = preferredWaitSeconds(prefer);
  if (asked !== undefined) c.header('Preference-Applied', `wait=${asked}`);
  c.header('Vary', 'Prefer, Accept', { append: true });
  const latest = await waitForEnd(deps, watcher, c.get('user').id, run, wait);
  if (!isFinishedStatus(latest.status)) {
    c.header('Location', `${API_V1_PREFIX}/runs/${latest.id}`);
    return c.json({ run: latest }, 202);
  }
  if (!accepted.image) return c.json({ run: latest }, 200);
  return imageAnswer(c, deps, latest, accepted);
}

/**
 * The answer to a run start with `Accept: image/…` once its run has ended: the first output's
 * bytes with its media type (`Content-Location` its URL, `X-Run-Id` the run); or, when that
 * cannot be sent, the finished run as JSON if `application/json` was named too, else an error
 * naming the run — NOT_ACCEPTABLE (406) for an output of another media type than accepted (the
 * run succeeded and was charged), or the run's own error when it failed (and was refunded).
 */
async function imageAnswer(c: Context<AppEnv>, deps: RunDeps, run: Run, accepted: AcceptedAnswers) {
  const output = run.status === 'succeeded' ? run.outputs[0] : undefined;
  if (output && accepted.acceptsImage(output.mediaType)) {
    const { data, mediaType } = await service.runOutputBytes(deps, c.get('user').id, run.id, 0);
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': mediaType,
      'Content-Length': String(data.length),
      'Content-Location': output.url,
      'X-Run-Id': run.id,
    });
  }
  if (accepted.json) return c.json({ run }, 200);
  c.header('Location', `${API_V1_PREFIX}/runs/${run.id}`);
  const error: ErrorBody['error'] = output
    ? {
        code: 'NOT_ACCEPTABLE',
        message: `The run succeeded with ${output.mediaType}, which the Accept header does not accept; its output is at ${output.url}`,
        runId: run.id,
      }
    : {
        code: run.error?.code ?? 'INTERNAL',
        message: run.error?.message ?? 'The run ended without an output',
        runId: run.id,
      };
  // Every error code has a status that carries a body (the error's).
  return c.json({ error }, ERROR_STATUS[error.code] as ContentfulStatusCode);
}
