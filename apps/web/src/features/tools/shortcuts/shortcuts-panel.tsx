import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { DIALOG_CARD_CLASS, DIALOG_OVERLAY_CLASS } from '../../../components/ui/dialog-styles.ts';
import { isApplePlatform, type KeyCap, SHORTCUT_GROUPS } from './shortcuts.ts';
import type { ShortcutsDialogProps } from './shortcuts-dialog.tsx';

const WORDS = new Set(['shift', 'space', 'enter', 'backspace', 'delete', 'wheel', 'drag', 'middleDrag', 'pinch']);

/** The open shortcut list (shortcuts-dialog.tsx): its own chunk, loaded when first opened. */
export default function OpenShortcutsDialog({ open, onOpenChange, withMask }: ShortcutsDialogProps) {
  const { t } = useTranslation('tool-run');
  const apple = typeof navigator !== 'undefined' && isApplePlatform(navigator.platform || navigator.userAgent);
  const cap = (key: KeyCap) =>
    key === 'mod' ? (apple ? '⌘' : t('shortcuts.keys.mod')) : WORDS.has(key) ? t(`shortcuts.keys.${key}`) : key;
  const groups = SHORTCUT_GROUPS.filter((group) => withMask || group.title !== 'mask');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY_CLASS} />
        <Dialog.Content className={`${DIALOG_CARD_CLASS} flex max-h-[calc(100dvh-2rem)] max-w-lg flex-col`}>
          <div className="flex items-start justify-between gap-4 border-b border-zinc-200 p-5 dark:border-zinc-800">
            <div>
              <Dialog.Title className="text-lg font-semibold">{t('shortcuts.title')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                {t('shortcuts.description')}
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label={t('shortcuts.close')} className={buttonClass('ghost', 'toolIcon', 'shrink-0')}>
              <X aria-hidden="true" className="size-4" />
            </Dialog.Close>
          </div>
          <div
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls on short screens, and keyboards must be able to scroll it (axe: scrollable-region-focusable)
            tabIndex={0}
            className="flex flex-col gap-5 overflow-y-auto p-5 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset"
          >
            {groups.map((group) => (
              <section key={group.title} aria-labelledby={`shortcuts-${group.title}`}>
                <h3
                  id={`shortcuts-${group.title}`}
                  className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase"
                >
                  {t(`shortcuts.groups.${group.title}`)}
                </h3>
                <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {group.entries.map((entry) => (
                    <div key={entry.label} className="flex items-center justify-between gap-4 py-2 text-sm">
                      <dt>{t(`shortcuts.actions.${entry.label}`)}</dt>
                      <dd className="flex flex-wrap items-center justify-end gap-1 text-right">
                        {entry.chords.map((chord, i) => (
                          <Fragment key={chord.join('+')}>
                            {i > 0 && <span className="px-1 text-xs text-zinc-500">{t('shortcuts.or')}</span>}
                            {chord.map((key, k) => (
                              <Fragment key={key}>
                                {k > 0 && <span className="text-xs text-zinc-500">+</span>}
                                <kbd className="min-w-7 rounded-md border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 text-center font-sans text-xs font-medium text-zinc-800 shadow-[0_1px_0_rgb(0_0_0/0.08)] dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100">
                                  {cap(key)}
                                </kbd>
                              </Fragment>
                            ))}
                          </Fragment>
                        ))}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
