import { PASSWORD_MIN_LENGTH } from '@atelier/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { notify } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { authErrorText } from './auth-error-text.ts';

/**
 * /reset-password?token=…: the target of the reset e-mail; the new password twice. With
 * `&claim=1` it is where a verification link leads when it was opened where the account was not
 * signed in: the address is confirmed, and the owner chooses the password (the one set at
 * sign-up may have been someone else's).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const claiming = params.get('claim') === '1';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    if (password !== confirm) {
      void notify((toast) => toast.error(t('toast.passwordsDiffer')));
      return;
    }
    setBusy(true);
    try {
      await authApi.resetPassword(token, password);
      void notify((toast) =>
        toast.success(t('toast.passwordUpdated'), { description: t('toast.passwordUpdatedBody') }),
      );
      navigate('/login', { replace: true });
    } catch (error) {
      const text = authErrorText(t, error);
      void notify((toast) => toast.error(text.title, { description: text.description }));
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-12">
      <h1 className="text-center text-3xl font-bold tracking-tight">{t(claiming ? 'claim.title' : 'reset.title')}</h1>
      {claiming && <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">{t('claim.body')}</p>}
      {token ? (
        <form
          onSubmit={submit}
          className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
        >
          <TextField
            label={t('fields.newPassword')}
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            hint={t('hints.password', { count: PASSWORD_MIN_LENGTH })}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label={t('fields.confirmPassword')}
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'w-full')}>
            {t('actions.setPassword')}
          </button>
        </form>
      ) : (
        <p role="alert" className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('reset.missingToken')}
        </p>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('actions.backToSignIn')}
        </Link>
      </p>
    </div>
  );
}
