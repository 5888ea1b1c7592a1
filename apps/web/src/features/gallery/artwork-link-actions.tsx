import { Link2, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { copyWithToast } from '../../lib/copy-with-toast.ts';
import { notify } from '../../lib/notify.ts';
import { useBrowserRendered } from '../../lib/use-browser-rendered.ts';

/** A public artwork's own page (server-rendered, with a preview for shared links). */
export const artworkPageUrl = (id: string) => `${window.location.origin}/gallery/${id}`;

/**
 * The ways to pass a public artwork on: Copy link, and Share where the device has a share sheet
 * (phones, some desktops). Share is the browser's to know, so it appears once the page is
 * hydrated; it is an icon at the row's end, where it moves nothing.
 */
export function ArtworkLinkActions({ artworkId, title }: { artworkId: string; title: string }) {
  const { t } = useTranslation('gallery');
  const canShare = useBrowserRendered() && typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title, url: artworkPageUrl(artworkId) });
    } catch (error) {
      // Closing the share sheet is no failure.
      if ((error as Error).name !== 'AbortError') void notify((toast) => toast.error(t('toast.shareFailed')));
    }
  };
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        onClick={() =>
          copyWithToast(artworkPageUrl(artworkId), { copied: t('toast.linkCopied'), failed: t('toast.copyFailed') })
        }
      >
        <Link2 aria-hidden="true" className="size-4" />
        {t('lightbox.copyLink')}
      </button>
      {canShare && (
        <button
          type="button"
          aria-label={t('lightbox.share')}
          title={t('lightbox.share')}
          className={buttonClass('secondary', 'toolIcon')}
          onClick={() => void share()}
        >
          <Share2 aria-hidden="true" className="size-4" />
        </button>
      )}
    </>
  );
}
