import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { notify } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { authErrorText } from './auth-error-text.ts';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await authApi.requestPasswordReset(email);
      void notify((toast) => toast.success(t('toast.resetSent'), { description: t('toast.resetSentBody') }));
      onSent();
    } catch (error) {
      const text = authErrorText(t, error);
      void notify((toast) => toast.error(text.title, { description: text.description }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={t('title.forgot')}>
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'w-full')}>
        {t('actions.sendReset')}
      </button>
    </form>
  );
}
