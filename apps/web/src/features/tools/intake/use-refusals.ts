import { useCallback, useMemo, useState } from 'react';
import type { FileRefusal } from './use-image-intake.ts';

/** The image inputs whose chosen file the checks may refuse. */
export type RefusableInput = 'image' | 'referenceImage' | 'backgroundImage';

/**
 * The last file chosen for each image input that the checks refused: Run stays disabled, saying
 * which file and why, until a usable file is chosen for that input (`accepted`).
 */
export function useRefusals() {
  const [refusals, setRefusals] = useState<Partial<Record<RefusableInput, FileRefusal>>>({});
  const refuse = useMemo(
    () => ({
      image: (refusal: FileRefusal) => setRefusals((previous) => ({ ...previous, image: refusal })),
      referenceImage: (refusal: FileRefusal) => setRefusals((previous) => ({ ...previous, referenceImage: refusal })),
      backgroundImage: (refusal: FileRefusal) => setRefusals((previous) => ({ ...previous, backgroundImage: refusal })),
    }),
    [],
  );
  const accepted = useCallback((input: RefusableInput) => setRefusals(({ [input]: _, ...rest }) => rest), []);
  const refusal = refusals.image ?? refusals.referenceImage ?? refusals.backgroundImage;
  return { refusal, refuse, accepted };
}
