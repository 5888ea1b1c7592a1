import type { Artwork } from '@atelier/contracts';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useArtworkTitle } from './artwork-card.tsx';
import { ArtworkFact } from './artwork-fact.tsx';
import { ArtworkLinkActions } from './artwork-link-actions.tsx';
import { ArtworkTitleForm } from './artwork-title-form.tsx';

/** The full image with its prompt, author and tool; `actions` is the like button or owner controls. */
export function ArtworkLightbox({
  artwork,
  onClose,
  actions,
  editable = false,
}: {
  artwork: Artwork | null;
  onClose: () => void;
  actions?: ReactNode;
  /** The viewer may change it (their own, or their team's): the title can be changed here. */
  editable?: boolean;
}) {
  const { t, i18n } = useTranslation(['gallery', 'tools']);
  const title = useArtworkTitle();
  return (
    <Dialog.Root open={artwork !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/80 backdrop-blur-sm" />
        {artwork && (
          <Dialog.Content className="fixed inset-2 z-50 m-auto flex max-h-[calc(100dvh-1rem)] max-w-6xl flex-col overflow-hidden rounded-2xl bg-white shadow-2xl sm:inset-6 lg:flex-row dark:bg-zinc-950">
            <div className="flex min-h-0 flex-1 items-center justify-center bg-zinc-100 dark:bg-zinc-900">
              <img
                src={artwork.imageUrl}
                width={artwork.width}
                height={artwork.height}
                alt={title(artwork)}
                className="max-h-full w-auto max-w-full object-contain"
              />
            </div>
            <div className="flex w-full shrink-0 flex-col gap-4 overflow-y-auto p-5 lg:w-80">
              <div className="flex items-start justify-between gap-2">
                <Dialog.Title className="text-lg font-semibold break-words">{title(artwork)}</Dialog.Title>
                <Dialog.Close aria-label={t('lightbox.close')} className={buttonClass('ghost', 'icon', '-mt-2 -mr-2')}>
                  <X aria-hidden="true" className="size-5" />
                </Dialog.Close>
              </div>
              <Dialog.Description className="-mt-3 text-sm text-zinc-600 dark:text-zinc-400">
                {t('card.by', { name: artwork.authorName })}
              </Dialog.Description>
              {editable && <ArtworkTitleForm key={artwork.id} artwork={artwork} />}
              <dl className="flex flex-col gap-3 text-sm">
                {artwork.prompt && <ArtworkFact label={t('lightbox.prompt')}>{artwork.prompt}</ArtworkFact>}
                {artwork.negativePrompt && (
                  <ArtworkFact label={t('lightbox.negativePrompt')}>{artwork.negativePrompt}</ArtworkFact>
                )}
                <ArtworkFact label={t('lightbox.tool')}>{t(`tools:${artwork.toolType}.name`)}</ArtworkFact>
                <ArtworkFact label={t('lightbox.created')}>
                  <time dateTime={artwork.createdAt}>{formatDate(artwork.createdAt, i18n.language, 'medium')}</time>
                </ArtworkFact>
              </dl>
              <div className="mt-auto flex items-end justify-between gap-2">
                {actions}
                <div className="flex flex-wrap justify-end gap-2">
                  {artwork.isPublic && <ArtworkLinkActions artworkId={artwork.id} title={title(artwork)} />}
                  <a
                    href={artwork.imageUrl}
                    target="_blank"
                    rel="noreferrer"
                    className={buttonClass('secondary', 'sm')}
                  >
                    {t('lightbox.openOriginal')}
                  </a>
                </div>
              </div>
            </div>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
