import { ARTWORK_TITLE_MAX_LENGTH, type Artwork } from '@atelier/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useRenameArtwork } from './use-artworks.ts';

/**
 * The owner renames an artwork. The server trims the title and holds it to
 * ARTWORK_TITLE_MAX_LENGTH; its refusal is shown under the field in the user's language, and
 * what was typed stays. An empty title gives the artwork its default name back.
 */
export function ArtworkTitleForm({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation('gallery');
  const [title, setTitle] = useState(artwork.title ?? '');
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameArtwork();
  const unchanged = title.trim() === (artwork.title ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    rename.mutate(
      { id: artwork.id, title },
      {
        onSuccess: ({ artwork: renamed }) => {
          setTitle(renamed.title ?? '');
          void notify((toast) => toast.success(t('rename.saved')));
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.code === 'VALIDATION_ERROR' ? failure.message : t('rename.failed'),
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <TextField
        label={t('rename.label')}
        hint={t('rename.hint', { limit: ARTWORK_TITLE_MAX_LENGTH })}
        placeholder={artwork.prompt || undefined}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={error}
        autoComplete="off"
      />
      <button
        type="submit"
        disabled={unchanged || rename.isPending}
        className={buttonClass('secondary', 'sm', 'self-start')}
      >
        {rename.isPending ? t('rename.saving') : t('rename.save')}
      </button>
    </form>
  );
}
