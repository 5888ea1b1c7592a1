import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { notify } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { authErrorText } from './auth-error-text.ts';

type Kind = 'app' | 'backup';

/**
 * The second step of a password sign-in for an account with two-factor sign-in: a code from the
 * authenticator app, or one of the backup codes. The password step left a short-lived cookie
 * that says which sign-in this finishes; when it has run out the server says so and the person
 * starts again.
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: { email: string; emailVerified?: boolean }) => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const [kind, setKind] = useState<Kind>('app');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { user } = kind === 'app' ? await authApi.verifyTwoFactor(code) : await authApi.verifyBackupCode(code);
      await onSignedIn(user);
    } catch (error) {
      const text = authErrorText(t, error);
      void notify((toast) => toast.error(text.title, { description: text.description }));
      setBusy(false);
      if (text.code === 'TWO_FACTOR_EXPIRED') onRestart();
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={t('twoFactor.title')}>
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        {t(kind === 'app' ? 'twoFactor.appDescription' : 'twoFactor.backupDescription')}
      </p>
      <TextField
        label={t(kind === 'app' ? 'twoFactor.appCode' : 'twoFactor.backupCode')}
        name="code"
        inputMode={kind === 'app' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        pattern={kind === 'app' ? '[0-9 ]{6,7}' : undefined}
        maxLength={32}
        required
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'w-full')}>
        {t('twoFactor.verify')}
      </button>
      <button
        type="button"
        className={buttonClass('ghost', 'sm', 'self-center')}
        onClick={() => {
          setKind(kind === 'app' ? 'backup' : 'app');
          setCode('');
        }}
      >
        {t(kind === 'app' ? 'twoFactor.useBackup' : 'twoFactor.useApp')}
      </button>
    </form>
  );
}
