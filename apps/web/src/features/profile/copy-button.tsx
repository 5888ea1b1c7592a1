import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';

/** Copies `text`; the button says "Copied" for a moment, or a toast says it could not. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation('automation');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      void notify((toast) => toast.error(t('toasts.copyFailed')));
    }
  };
  return (
    <button type="button" className={buttonClass('secondary', 'sm')} onClick={copy} aria-label={label}>
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{copied ? t('secret.copied') : t('secret.copy')}</span>
    </button>
  );
}
