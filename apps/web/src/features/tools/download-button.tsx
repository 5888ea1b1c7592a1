import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';
import { downloadName } from './download-name.ts';

/**
 * Fetches the result as a blob and saves it under the spec's name. A plain `<a download>`
 * would not do: the name must carry the moment of download, and a failure needs its toast.
 */
export function DownloadButton({
  url,
  mediaType,
  prefix,
  index = 0,
  label,
}: {
  url: string;
  mediaType: string;
  prefix: string;
  index?: number;
  label?: string;
}) {
  const { t } = useTranslation('tool-run');
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const blob = await res.blob();
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = downloadName(prefix, blob.type || mediaType, index);
      document.body.append(link);
      link.click();
      link.remove();
      // Revoke after the click has been handled, or some browsers cancel the download.
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch {
      void notify((toast) => toast.error(t('failure.download')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" onClick={download} disabled={busy} className={buttonClass('secondary', 'sm')}>
      <Download aria-hidden="true" className="size-4" />
      {label ?? t('result.download')}
    </button>
  );
}
