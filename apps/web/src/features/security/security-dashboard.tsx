import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SecurityOverviewTab } from './security-overview-tab.tsx';
import { SessionSecurityTab } from './session-security-tab.tsx';
import { ThreatEventsTab } from './threat-events-tab.tsx';

const TABS = ['overview', 'events', 'sessions'] as const;
type Tab = (typeof TABS)[number];

/** The security dashboard: Security Overview, Threat Events and Session Security tabs. */
export function SecurityDashboard({ showAlerts }: { showAlerts: boolean }) {
  const { t } = useTranslation('security');
  const [tab, setTab] = useState<Tab>('overview');
  const id = useId();
  return (
    <div>
      <div
        role="tablist"
        aria-label={t('dashboard.title')}
        className="flex gap-2 border-b border-zinc-200 dark:border-zinc-800"
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            onClick={() => setTab(name)}
            className={clsx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              tab === name
                ? 'border-brand-600 text-brand-700 dark:text-brand-300'
                : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
            )}
          >
            {t(`dashboard.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`} className="pt-4">
        {tab === 'overview' && <SecurityOverviewTab showAlerts={showAlerts} />}
        {tab === 'events' && <ThreatEventsTab />}
        {tab === 'sessions' && <SessionSecurityTab />}
      </div>
    </div>
  );
}
