import { isFinishedStatus, type Run, type RunOutput, type RunStatus, type ToolId } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PROFILE_QUERY_KEY, toolsApi } from '../api/tools-api.ts';
import { BrowserWorkFailed, runInBrowser } from '../browser-engine/browser-run.ts';
import { removeBackgroundInBrowser } from '../browser-engine/remove-background-in-browser.ts';
import { isServerBatchTool } from './batch-plan.ts';

/** One image of a batch: its input, then its run's state and result. */
export interface BatchTile {
  key: string;
  file: File;
  /** `waiting`: not started (selected, or a browser batch's turn has not come yet). */
  status: 'waiting' | RunStatus;
  /** 0..100 as the run reports it. */
  progress: number;
  runId: string | null;
  /** Part of the server batch (its archive has it); a retried tile is a run of its own. */
  inBatch: boolean;
  /** The run's results: one per image, or `n` of them (replace background). */
  outputs: RunOutput[];
  /** Why it failed: the API's error or the run's. */
  error: unknown;
}

/** How often the page asks for the runs' progress while a server batch works. */
export const BATCH_POLL_MS = 1000;

let nextKey = 0;
export const tileOf = (file: File): BatchTile => ({
  key: `tile-${++nextKey}`,
  file,
  status: 'waiting',
  progress: 0,
  runId: null,
  inBatch: false,
  outputs: [],
  error: null,
});

const fromRun = (run: Run): Partial<BatchTile> => ({
  status: run.status,
  progress: run.progress,
  outputs: run.status === 'succeeded' ? run.outputs : [],
  error: run.status === 'failed' ? run.error : null,
});

export const isWorking = (tile: BatchTile) => tile.status === 'queued' || tile.status === 'running';

/**
 * A batch on a tool page. Server tools send every image in one request
 * (`POST /api/tools/{tool}/batches`, charged together or not at all) and then follow the
 * batch's runs (`GET /api/batches/{id}`, their real progress). Background removal keeps its
 * image on the device: one ordinary browser run after another, each charged as a single run.
 * A failed tile is retried as a new single run of its image.
 */
export function useBatchRun(tool: ToolId, inBrowser: boolean, onStartFailed: (error: unknown) => void) {
  const [tiles, setTiles] = useState<BatchTile[]>([]);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  // Set once the batch has been started: the selection is then fixed until the page is reset.
  const [launched, setLaunched] = useState(false);
  const [browserQueue, setBrowserQueue] = useState(false);
  const queryClient = useQueryClient();
  const tilesRef = useRef(tiles);
  tilesRef.current = tiles;
  const startFailed = useRef(onStartFailed);
  startFailed.current = onStartFailed;
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const refreshCredits = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
    [queryClient],
  );
  const patch = useCallback((key: string, change: Partial<BatchTile>) => {
    if (alive.current) setTiles((all) => all.map((tile) => (tile.key === key ? { ...tile, ...change } : tile)));
  }, []);

  // Browser results are blob: URLs of this page; let them go with the batch.
  const releaseOutputs = useCallback(() => {
    if (!inBrowser) return;
    for (const tile of tilesRef.current) for (const output of tile.outputs) URL.revokeObjectURL(output.url);
  }, [inBrowser]);
  useEffect(() => releaseOutputs, [releaseOutputs]);

  /** A new selection (none: back to a single image); the last batch's tiles go. */
  const select = useCallback(
    (files: readonly File[]) => {
      releaseOutputs();
      setTiles(files.map(tileOf));
      setBatchId(null);
      setLaunched(false);
    },
    [releaseOutputs],
  );
  const remove = useCallback((key: string) => setTiles((all) => all.filter((tile) => tile.key !== key)), []);

  /** One browser run of one tile; resolves when it has ended either way. */
  const runTileInBrowser = useCallback(
    async (tile: BatchTile) => {
      for (const previous of tilesRef.current.find((t) => t.key === tile.key)?.outputs ?? [])
        URL.revokeObjectURL(previous.url);
      patch(tile.key, { status: 'running', progress: 0, error: null, outputs: [] });
      try {
        const { run, output } = await runInBrowser(
          tool,
          tile.file,
          (onProgress) => removeBackgroundInBrowser(tile.file, onProgress),
          { onCharged: refreshCredits, onProgress: ({ percent }) => patch(tile.key, { progress: percent }) },
        );
        patch(tile.key, { status: 'succeeded', progress: 100, runId: run.id, outputs: [output] });
      } catch (error) {
        const failed = error instanceof BrowserWorkFailed;
        if (failed && error.run?.refunded) refreshCredits();
        patch(tile.key, {
          status: 'failed',
          progress: 0,
          runId: failed ? (error.run?.id ?? null) : null,
          error: failed ? error.reason : error,
        });
        return !failed && isInsufficient(error);
      }
      return false;
    },
    [tool, patch, refreshCredits],
  );

  /** Starts every selected tile. `form` holds the options (and prompt); the images are added here. */
  const start = useCallback(
    async (form: FormData) => {
      const selected = tilesRef.current;
      if (selected.length === 0) return;
      // Started again after a batch: every tile starts over.
      const fresh: Partial<BatchTile> = {
        status: 'waiting',
        progress: 0,
        error: null,
        outputs: [],
        runId: null,
        inBatch: false,
      };
      releaseOutputs();
      setTiles((all) => all.map((tile) => ({ ...tile, ...fresh })));
      if (inBrowser) {
        setLaunched(true);
        setBrowserQueue(true);
        for (const [i, tile] of selected.entries()) {
          if (!alive.current) return;
          const outOfCredits = await runTileInBrowser(tile);
          if (outOfCredits) {
            // The balance ran out: the rest would be refused the same way.
            const error = { code: 'INSUFFICIENT_CREDITS', message: '' };
            for (const rest of selected.slice(i + 1)) patch(rest.key, { status: 'failed', error });
            break;
          }
        }
        if (alive.current) setBrowserQueue(false);
        return;
      }
      setStarting(true);
      if (!isServerBatchTool(tool)) return;
      for (const tile of selected) form.append('image', tile.file, tile.file.name);
      try {
        const batch = await toolsApi.startBatch(tool, form);
        refreshCredits();
        setBatchId(batch.id);
        setLaunched(true);
        setTiles((all) =>
          all.map((tile, i) => ({
            ...tile,
            status: 'queued',
            progress: 0,
            runId: batch.runIds[i] ?? null,
            inBatch: true,
          })),
        );
      } catch (error) {
        startFailed.current(error);
      } finally {
        setStarting(false);
      }
    },
    [tool, inBrowser, runTileInBrowser, patch, refreshCredits, releaseOutputs],
  );

  /** A failed tile again, as a new single run of its image (server tools: `form` is the single-run body). */
  const retry = useCallback(
    async (key: string, form: FormData) => {
      const tile = tilesRef.current.find((t) => t.key === key);
      if (!tile || isWorking(tile)) return;
      if (inBrowser) {
        await runTileInBrowser(tile);
        return;
      }
      patch(key, { status: 'queued', progress: 0, error: null, outputs: [], inBatch: false, runId: null });
      try {
        const run = await toolsApi.startRun(tool, form);
        refreshCredits();
        patch(key, { runId: run.id, ...fromRun(run) });
      } catch (error) {
        patch(key, { status: 'failed', error });
      }
    },
    [tool, inBrowser, runTileInBrowser, patch, refreshCredits],
  );

  // Follow the server's runs while any is unfinished: the batch's in one request, retried tiles each.
  const working = !inBrowser && tiles.some((tile) => isWorking(tile) && tile.runId);
  useEffect(() => {
    if (!working) return;
    let cancelled = false;
    const timer = setInterval(async () => {
      const current = tilesRef.current.filter((tile) => isWorking(tile) && tile.runId);
      const runs: Run[] = [];
      try {
        if (batchId && current.some((tile) => tile.inBatch)) runs.push(...(await toolsApi.getBatch(batchId)).runs);
        for (const tile of current.filter((t) => !t.inBatch && t.runId)) runs.push(await toolsApi.getRun(tile.runId!));
      } catch {
        return; // the next tick asks again (the server may be restarting)
      }
      if (cancelled) return;
      const byId = new Map(runs.map((run) => [run.id, run]));
      let ended = false;
      setTiles((all) =>
        all.map((tile) => {
          const run = tile.runId ? byId.get(tile.runId) : undefined;
          if (!run || !isWorking(tile)) return tile;
          if (isFinishedStatus(run.status)) ended = true;
          return { ...tile, ...fromRun(run) };
        }),
      );
      // A failed run was refunded: the balance changed.
      if (ended) refreshCredits();
    }, BATCH_POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [working, batchId, refreshCredits]);

  const running = starting || browserQueue || tiles.some(isWorking);
  return { tiles, select, remove, batchId, start, retry, running, launched };
}

function isInsufficient(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'INSUFFICIENT_CREDITS';
}
