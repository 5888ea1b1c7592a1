import {
  DEMO_ENGINE_ID,
  isFinishedStatus,
  RUN_EVENTS,
  type Run,
  type RunOutput,
  type ToolId,
} from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PROFILE_QUERY_KEY, runEventsUrl, toolsApi } from '../api/tools-api.ts';
import { BrowserWorkFailed, runInBrowser } from '../browser-engine/browser-run.ts';
import type { BrowserProgress } from '../browser-engine/browser-stages.ts';

/** What a finished run shows. */
export interface ToolResult {
  outputs: RunOutput[];
  /** The stored run the outputs belong to. */
  runId: string;
  /**
   * A browser run: the outputs are blob: URLs on this device, and the server has no output for
   * the run until the user saves the result (which uploads it first).
   */
  inBrowser: boolean;
  /** Made on the demo engine: a stamped placeholder, which may be saved privately only. */
  demo?: boolean;
  /** Waiting runs a paid plan's queue priority started this one ahead of (0 for most). */
  overtook?: number;
}

export type RunState =
  | { phase: 'idle' }
  | {
      phase: 'processing';
      progress: number;
      overtook?: number;
      /** A browser run's named stage (the server's runs report a percent only). */
      stage?: BrowserProgress;
    }
  | { phase: 'succeeded'; result: ToolResult }
  | { phase: 'failed' };

/** After the stream drops, how long to wait before asking again (the server may be restarting). */
const RECONNECT_MS = 1500;

/**
 * Starts a run and follows it through its server-sent events: the progress bar shows the
 * percent the engine reports, never a timer. On failure progress returns to 0
 * and `onFailure` gets the reason, for the page to show in the user's language.
 */
export function useToolRun(tool: ToolId, onFailure: (error: unknown, run?: Run) => void) {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const queryClient = useQueryClient();
  const source = useRef<EventSource | null>(null);
  const failure = useRef(onFailure);
  failure.current = onFailure;

  // A browser run's result lives in a blob: URL; let it go once the result is replaced or gone.
  useEffect(() => {
    if (state.phase !== 'succeeded' || !state.result.inBrowser) return;
    const urls = state.result.outputs.map((output) => output.url);
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [state]);

  const close = useCallback(() => {
    source.current?.close();
    source.current = null;
  }, []);
  useEffect(() => close, [close]);

  const finish = useCallback(
    (run: Run) => {
      close();
      // The balance changed: charged at the start, refunded if the run failed.
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      if (run.status === 'succeeded') {
        setState({
          phase: 'succeeded',
          result: {
            outputs: run.outputs,
            runId: run.id,
            inBrowser: false,
            demo: run.engine === DEMO_ENGINE_ID,
            overtook: run.overtook,
          },
        });
      } else {
        setState({ phase: 'failed' });
        failure.current(run.error, run);
      }
    },
    [close, queryClient],
  );

  const follow = useCallback(
    (id: string) => {
      close();
      const events = new EventSource(runEventsUrl(id));
      source.current = events;
      const read = (event: MessageEvent<string>) => (JSON.parse(event.data) as { run: Run }).run;
      events.addEventListener(RUN_EVENTS.progress, (event) => {
        const run = read(event);
        setState({ phase: 'processing', progress: run.progress, overtook: run.overtook });
      });
      events.addEventListener(RUN_EVENTS.end, (event) => finish(read(event)));
      // EventSource retries on its own only sometimes; ask for the run and reopen if still going.
      events.onerror = () => {
        if (source.current !== events) return;
        close();
        setTimeout(() => {
          toolsApi.getRun(id).then(
            (run) => (isFinishedStatus(run.status) ? finish(run) : follow(id)),
            (error: unknown) => {
              setState({ phase: 'failed' });
              failure.current(error);
            },
          );
        }, RECONNECT_MS);
      };
    },
    [close, finish],
  );

  const start = useCallback(
    async (body: FormData) => {
      setState({ phase: 'processing', progress: 0 });
      try {
        const run = await toolsApi.startRun(tool, body);
        if (isFinishedStatus(run.status)) finish(run);
        else {
          setState({ phase: 'processing', progress: run.progress });
          follow(run.id);
        }
      } catch (error) {
        setState({ phase: 'failed' });
        failure.current(error);
      }
    },
    [tool, finish, follow],
  );

  /** A run done on this device (background removal): see runInBrowser. */
  const startInBrowser = useCallback(
    async (image: File, work: (onProgress: (progress: BrowserProgress) => void) => Promise<RunOutput>) => {
      setState({ phase: 'processing', progress: 0 });
      const refreshCredits = () => void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      try {
        const { run, output } = await runInBrowser(tool, image, work, {
          onCharged: refreshCredits,
          onProgress: (stage) => setState({ phase: 'processing', progress: stage.percent, stage }),
        });
        setState({ phase: 'succeeded', result: { outputs: [output], runId: run.id, inBrowser: true } });
      } catch (error) {
        setState({ phase: 'failed' });
        if (!(error instanceof BrowserWorkFailed)) return failure.current(error);
        if (error.run?.refunded) refreshCredits();
        failure.current(error.reason, error.run);
      }
    },
    [tool, queryClient],
  );

  /** Back to idle (a new input makes the last result stale); a run in progress is left alone. */
  const clear = useCallback(
    () => setState((previous) => (previous.phase === 'processing' ? previous : { phase: 'idle' })),
    [],
  );

  return { state, start, startInBrowser, clear };
}
