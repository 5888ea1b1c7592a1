import type { InferenceSession } from 'onnxruntime-node';
import { computeThreads } from './compute-threads.ts';

export type Ort = typeof import('onnxruntime-node');

/**
 * An onnxruntime-node session on the CPU provider, as every local model runs: full graph
 * optimisation (constant folding, fusions, MLAS's blocked NCHWc convolutions), intra-op threads
 * up to this process's share of the cores (compute-threads.ts), one inter-op thread. The runtime
 * is imported on first use, so processes that never run a model do not load it.
 */
export async function createOnnxSession(model: Uint8Array): Promise<{ ort: Ort; session: InferenceSession }> {
  const ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: computeThreads(),
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    // Idle intra-op threads would spin on a core between operators, taking it from the HTTP
    // thread and from other pool processes.
    extra: { 'session.intra_op.allow_spinning': '0' },
  });
  return { ort, session };
}
