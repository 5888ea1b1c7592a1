import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { notify } from '../../lib/notify.ts';
import { authApi, authErrorText, useSession } from '../auth/index.ts';
import { card } from './security-settings-card.tsx';

/**
 * For an account with no password of its own (made with Sign in with Apple, or whose password was
 * voided when its address was proven): there is no current password to change, so the card offers
 * a link, mailed to the account's address, that sets one. The same reset flow as "Forgot
 * password", and the same rules: other sessions end once the password is set.
 */
export function SetPasswordCard() {
  const { t } = useTranslation('security');
  const { t: tAuth } = useTranslation('auth');
  const email = useSession().user?.email;
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!email) return;
    setBusy(true);
    try {
      await authApi.requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      const text = authErrorText(tAuth, error);
      void notify((toast) => toast.error(text.title, { description: text.description }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="set-password-title" className={card}>
      <h2 id="set-password-title" className="text-lg font-semibold">
        {t('password.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('password.noneYet')}</p>
      {sent ? (
        <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-300">
          {t('password.linkSent', { email })}
        </p>
      ) : (
        <button
          type="button"
          disabled={busy || !email}
          onClick={() => void send()}
          className={buttonClass('primary', 'sm', 'mt-3')}
        >
          {t('password.sendLink')}
        </button>
      )}
    </section>
  );
}
