import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { ApiError } from '../../lib/api-client.ts';
import { billingApi } from '../../lib/billing-api.ts';
import { notify } from '../../lib/notify.ts';

/** Opens the provider's billing portal (cards, invoices, cancellation); Stripe only. */
export function BillingPortalButton() {
  const { t } = useTranslation('billing');
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      window.location.assign((await billingApi.portal()).url);
    } catch (error) {
      const key = error instanceof ApiError && error.code === 'CONFLICT' ? 'portal.unavailable' : 'portal.failed';
      notify((toast) => toast.error(t(key)));
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={open} disabled={busy} className={buttonClass('secondary', 'sm')}>
      {t('portal.open')}
    </button>
  );
}
