import type { Artwork } from '@atelier/contracts';
import { clsx } from 'clsx';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The heart and count; the page decides what a click does (a visitor gets the login toast). */
export function LikeButton({ artwork, onToggle }: { artwork: Artwork; onToggle: (liked: boolean) => void }) {
  const { t } = useTranslation('gallery');
  return (
    <button
      type="button"
      aria-pressed={artwork.userLiked}
      aria-label={`${t(artwork.userLiked ? 'like.unlike' : 'like.like')} · ${t('like.count', { count: artwork.likesCount })}`}
      onClick={() => onToggle(!artwork.userLiked)}
      className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-rose-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      <Heart aria-hidden="true" className={clsx('size-4', artwork.userLiked && 'fill-rose-500 text-rose-500')} />
      <span className="tabular-nums">{artwork.likesCount}</span>
    </button>
  );
}
