import { ALLOWED_IMAGE_TYPES } from '@atelier/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { SecurityDashboard } from './security-dashboard.tsx';
import { card, SecuritySettingsCard } from './security-settings-card.tsx';
import { SetPasswordCard } from './set-password-card.tsx';
import { ToggleRow } from './toggle-row.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import { useSecuritySettings } from './use-security-settings.ts';

/** /security: session settings, the password, two-factor sign-in, file security, monitoring and the dashboard. */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  const { settings, save } = useSecuritySettings();
  const [dashboardOpen, setDashboardOpen] = useState(false);

  if (settings.isPending) return <PageSpinner />;
  if (!settings.data) {
    return (
      <LoadFailed message={t('dashboard.loadFailed')} retryLabel={t('retry')} onRetry={() => settings.refetch()} />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('subtitle')}</p>
      </header>
      <SecuritySettingsCard
        // Remounts with the saved value, so the field shows what the server stored.
        key={settings.data.inactivityTimeoutMinutes}
        settings={settings.data}
        saving={save.isPending}
        onSave={save.mutate}
      />
      {settings.data.hasPassword ? <ChangePasswordCard /> : <SetPasswordCard />}
      <TwoFactorCard hasPassword={settings.data.hasPassword} />
      <section aria-labelledby="file-security-title" className={card}>
        <h2 id="file-security-title" className="text-lg font-semibold">
          {t('files.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('files.body')}</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {ALLOWED_IMAGE_TYPES.map((type) => (
            <li key={type} className="rounded-full bg-zinc-100 px-3 py-1 text-xs font-medium dark:bg-zinc-800">
              {type}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="monitoring-title" className={card}>
        <h2 id="monitoring-title" className="text-lg font-semibold">
          {t('monitoring.title')}
        </h2>
        <ToggleRow
          label={t('monitoring.toggle')}
          description={t('monitoring.toggleHint')}
          checked={settings.data.securityMonitoring}
          disabled={save.isPending}
          onChange={(on) => save.mutate({ securityMonitoring: on })}
        />
        <button
          type="button"
          className={buttonClass('secondary', 'sm', 'mt-2')}
          aria-expanded={dashboardOpen}
          onClick={() => setDashboardOpen((open) => !open)}
        >
          {t(dashboardOpen ? 'dashboard.hide' : 'dashboard.show')}
        </button>
        {dashboardOpen && (
          <div className="mt-4">
            <SecurityDashboard showAlerts={settings.data.securityMonitoring} />
          </div>
        )}
      </section>
    </div>
  );
}
