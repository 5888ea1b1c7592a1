import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The visibility toggle of my artworks and of a team's library: on is public, off is private. */
export function VisibilitySwitch({
  isPublic,
  onChange,
  disabled,
  demo = false,
}: {
  isPublic: boolean;
  onChange: (isPublic: boolean) => void;
  disabled?: boolean;
  /** A demo-engine result: it stays private, so in place of the switch a "Demo" mark says why. */
  demo?: boolean;
}) {
  const { t } = useTranslation('gallery');
  const id = useId();
  if (demo) {
    return (
      <span
        title={t('visibility.demoNote')}
        className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
      >
        {t('visibility.demo')} · {t('visibility.private')}
        <span className="sr-only">: {t('visibility.demoNote')}</span>
      </span>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Switch.Root
        id={id}
        aria-label={t('visibility.label')}
        checked={isPublic}
        onCheckedChange={onChange}
        disabled={disabled}
        className="relative h-5 w-9 shrink-0 rounded-full bg-zinc-300 transition-colors data-[state=checked]:bg-brand-600 disabled:opacity-50 dark:bg-zinc-700"
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.125rem]" />
      </Switch.Root>
      {/* The switch is named "Public" and says on/off itself; this text is for the eye. */}
      <label htmlFor={id} aria-hidden="true" className="text-sm text-zinc-600 dark:text-zinc-300">
        {t(isPublic ? 'visibility.public' : 'visibility.private')}
      </label>
    </div>
  );
}
