import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSize } from './check-image-file.ts';

/**
 * The server stretches a mask whose size differs from the image's (tools.md §5: "or is
 * resized"); the page says so before the run, so nobody is surprised by a shifted area.
 */
export function MaskSizeNotice({ image, mask }: { image: File | null; mask: File | null }) {
  const { t } = useTranslation('tool-run');
  const [differs, setDiffers] = useState(false);
  useEffect(() => {
    let current = true;
    setDiffers(false);
    if (!image || !mask) return;
    Promise.all([imageSize(image), imageSize(mask)])
      .then(([a, b]) => {
        if (current) setDiffers(a.width !== b.width || a.height !== b.height);
      })
      .catch(() => {}); // an undecodable file has its own message from the drop zone
    return () => {
      current = false;
    };
  }, [image, mask]);
  if (!differs) return null;
  return (
    <p
      role="status"
      className="rounded-2xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
    >
      {t('mask.resized')}
    </p>
  );
}
