import { useEffect, useState } from 'react';
import type { InputImage } from '../stage/stage-show.ts';
import type { MaskPainter } from './use-mask-painter.ts';

/**
 * A mask that came with an image (a sample's, a past run's), loaded into the painter once its
 * image is on the stage. Returns the setter that hands one over.
 */
export function usePendingMask(painter: MaskPainter, input: InputImage | null) {
  const [pendingMask, setPendingMask] = useState<File | null>(null);
  useEffect(() => {
    if (!pendingMask || !input) return;
    setPendingMask(null);
    void painter.upload(pendingMask);
  }, [pendingMask, input, painter.upload]);
  return setPendingMask;
}
