import type { EnableTwoFactorResponse } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { copyWithToast } from '../../lib/copy-with-toast.ts';
import { notify } from '../../lib/notify.ts';
import { SESSION_QUERY_KEY, useSession } from '../auth/index.ts';
import { securityApi } from './security-api.ts';
import { card } from './security-settings-card.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; turningOn: boolean }
  | { kind: 'scan'; setup: EnableTwoFactorResponse };

/**
 * Two-factor sign-in on the Security page: turned on with the password, an authenticator app
 * scanning the QR code (or typing the secret), and a first code that proves the app works; the
 * backup codes are shown once. Turned off with the password.
 */
export function TwoFactorCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('security');
  const session = useSession();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const user = session.user;
  if (!user) return null;
  const enabled = user.twoFactorEnabled === true;

  const fail = (error: unknown) => {
    const key = error instanceof ApiError ? error.code : 'UNKNOWN';
    void notify((toast) =>
      toast.error(t('twoFactor.failed'), { description: t(`twoFactor.errors.${key}`, t('twoFactor.errors.UNKNOWN')) }),
    );
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const done = async (message: string) => {
    setStep({ kind: 'idle' });
    setPassword('');
    setCode('');
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    void notify((toast) => toast.success(message));
  };

  const submitPassword = (event: FormEvent, turningOn: boolean) => {
    event.preventDefault();
    void run(async () => {
      if (turningOn) {
        setStep({ kind: 'scan', setup: await securityApi.startTwoFactor(password) });
        setPassword('');
      } else {
        await securityApi.disableTwoFactor(password);
        await done(t('twoFactor.turnedOff'));
      }
    });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await securityApi.confirmTwoFactor(code);
      await done(t('twoFactor.turnedOn'));
    });
  };

  return (
    <section aria-labelledby="two-factor-title" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="two-factor-title" className="text-lg font-semibold">
          {t('twoFactor.title')}
        </h2>
        <span
          className={
            enabled
              ? 'rounded-full bg-emerald-100 px-3 py-1 text-xs font-medium text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
              : 'rounded-full bg-zinc-100 px-3 py-1 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'
          }
        >
          {t(enabled ? 'twoFactor.on' : 'twoFactor.off')}
        </span>
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('twoFactor.body')}</p>

      {step.kind === 'idle' &&
        (!enabled && (user.emailVerified === false || !hasPassword) ? (
          // Turning it on asks for the password: an address not yet proven, or an account with no
          // password (Sign in with Apple), has to settle that first.
          <p className="mt-3 text-sm text-amber-700 dark:text-amber-300">
            {t(user.emailVerified === false ? 'twoFactor.verifyFirst' : 'twoFactor.passwordFirst')}
          </p>
        ) : (
          <button
            type="button"
            className={buttonClass('secondary', 'sm', 'mt-3')}
            onClick={() => setStep({ kind: 'password', turningOn: !enabled })}
          >
            {t(enabled ? 'twoFactor.turnOff' : 'twoFactor.turnOn')}
          </button>
        ))}

      {step.kind === 'password' && (
        <form className="mt-3 flex max-w-sm flex-col gap-3" onSubmit={(e) => submitPassword(e, step.turningOn)}>
          <TextField
            label={t('twoFactor.password')}
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex gap-2">
            <button type="submit" disabled={busy} className={buttonClass('primary', 'sm')}>
              {t(step.turningOn ? 'twoFactor.continue' : 'twoFactor.turnOff')}
            </button>
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setStep({ kind: 'idle' })}>
              {t('twoFactor.cancel')}
            </button>
          </div>
        </form>
      )}

      {step.kind === 'scan' && (
        <div className="mt-4 flex flex-col gap-4">
          <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
            <li>{t('twoFactor.scan')}</li>
            <li>{t('twoFactor.saveCodes')}</li>
            <li>{t('twoFactor.confirm')}</li>
          </ol>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.setup.qrCodeSvg)}`}
              alt={t('twoFactor.qrAlt')}
              width={176}
              height={176}
              className="rounded-xl bg-white p-2"
            />
            <div className="flex min-w-0 flex-col gap-2 text-sm">
              <span className="text-zinc-600 dark:text-zinc-400">{t('twoFactor.secret')}</span>
              <code className="break-all rounded-lg bg-zinc-100 px-2 py-1 font-mono dark:bg-zinc-800">
                {step.setup.secret}
              </code>
            </div>
          </div>
          <div>
            <h3 className="text-sm font-semibold">{t('twoFactor.backupCodes')}</h3>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
              {step.setup.backupCodes.map((backup) => (
                <li key={backup}>{backup}</li>
              ))}
            </ul>
            <button
              type="button"
              className={buttonClass('ghost', 'sm', 'mt-2')}
              onClick={() =>
                copyWithToast(step.setup.backupCodes.join('\n'), {
                  copied: t('twoFactor.copied'),
                  failed: t('twoFactor.copyFailed'),
                })
              }
            >
              {t('twoFactor.copyCodes')}
            </button>
          </div>
          <form className="flex max-w-sm flex-col gap-3" onSubmit={submitCode}>
            <TextField
              label={t('twoFactor.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <div className="flex gap-2">
              <button type="submit" disabled={busy} className={buttonClass('primary', 'sm')}>
                {t('twoFactor.turnOn')}
              </button>
              <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setStep({ kind: 'idle' })}>
                {t('twoFactor.cancel')}
              </button>
            </div>
          </form>
        </div>
      )}
    </section>
  );
}
