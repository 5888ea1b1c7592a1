import { isLanguage, PASSWORD_MIN_LENGTH } from '@atelier/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { notify } from '../../lib/notify.ts';
import { useBrowserRendered } from '../../lib/use-browser-rendered.ts';
import { authApi } from './auth-api.ts';
import { authErrorText } from './auth-error-text.ts';
import { TwoFactorStep } from './two-factor-step.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

/**
 * The e-mail-or-username + password form (sign in), or e-mail + password (create account).
 * The server enforces the rules; the browser's own checks only save a round trip.
 */
export function CredentialsForm({ mode }: { mode: 'signIn' | 'signUp' }) {
  const { t, i18n } = useTranslation('auth');
  const finish = useFinishSignIn();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  /** The password was right and the account asks for a second factor. */
  const [secondStep, setSecondStep] = useState(false);
  const interactive = useBrowserRendered();
  const signUp = mode === 'signUp';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const language = isLanguage(i18n.language) ? i18n.language : 'en';
      const result = signUp
        ? await authApi.signUp(identifier, password, language)
        : await authApi.signIn(identifier, password);
      if ('twoFactorRedirect' in result) {
        setSecondStep(true);
        setBusy(false);
        return;
      }
      await finish(result.user, mode);
    } catch (error) {
      const text = authErrorText(t, error);
      void notify((toast) => toast.error(text.title, { description: text.description }));
      setBusy(false);
    }
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        onSignedIn={(user) => finish(user, mode)}
        onRestart={() => {
          setSecondStep(false);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={t(`title.${mode}`)}>
      <TextField
        label={t(signUp ? 'fields.email' : 'fields.identifier')}
        type={signUp ? 'email' : 'text'}
        name={signUp ? 'email' : 'identifier'}
        autoComplete={signUp ? 'email' : 'username'}
        hint={signUp ? t('hints.emailVerification') : undefined}
        required
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete={signUp ? 'new-password' : 'current-password'}
        required
        minLength={signUp ? PASSWORD_MIN_LENGTH : undefined}
        hint={signUp ? t('hints.password', { count: PASSWORD_MIN_LENGTH }) : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" disabled={busy || !interactive} className={buttonClass('primary', 'lg', 'w-full')}>
        {t(signUp ? 'actions.signUp' : 'actions.signIn')}
      </button>
    </form>
  );
}
