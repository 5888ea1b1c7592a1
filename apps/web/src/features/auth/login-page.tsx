import { FREE_PLAN_CREDITS } from '@atelier/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MODE_PARAM, SIGN_UP_MODE } from '../../lib/redirect-target.ts';
import { AppleSignInButton } from './apple-sign-in-button.tsx';
import { CredentialsForm } from './credentials-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { rememberReferralCode } from './referral-code.ts';

type Mode = 'signIn' | 'signUp' | 'forgot';

const linkClass = 'font-medium text-brand-700 hover:underline dark:text-brand-400';

/**
 * /login: sign in, create an account, or ask for a reset link. It opens on
 * the create-account form when asked to (`?mode=signup`: a visitor who picked a tool, or pressed
 * Get started) and for a referral link (`?ref=`), whose code is for new accounts; else on sign-in.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() =>
    search.get(MODE_PARAM) === SIGN_UP_MODE || search.has('ref') ? 'signUp' : 'signIn',
  );

  useEffect(() => rememberReferralCode(search), [search]);

  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-12">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t(`title.${mode}`)}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {t(`subtitle.${mode}`, { credits: FREE_PLAN_CREDITS })}
        </p>
      </div>

      <div className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        {mode !== 'forgot' && <AppleSignInButton />}
        {mode === 'forgot' ? (
          <ForgotPasswordForm onSent={() => setMode('signIn')} />
        ) : (
          <CredentialsForm key={mode} mode={mode} />
        )}
        {mode === 'signIn' && (
          <button type="button" onClick={() => setMode('forgot')} className={`${linkClass} self-end text-sm`}>
            {t('actions.forgot')}
          </button>
        )}
      </div>

      <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
        <button type="button" className={linkClass} onClick={() => setMode(mode === 'signIn' ? 'signUp' : 'signIn')}>
          {t(mode === 'signIn' ? 'actions.toSignUp' : 'actions.toSignIn')}
        </button>
      </p>
      <p className="text-center text-sm">
        <Link to="/" className={linkClass}>
          {t('actions.backHome')}
        </Link>
      </p>
    </div>
  );
}
