import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { eventDetailFields } from './event-details.ts';
import { securityApi, securityKeys } from './security-api.ts';

/** Threat Events: the caller's recent security events, newest first. */
export function ThreatEventsTab() {
  const { t, i18n } = useTranslation('security');
  const events = useQuery({ queryKey: securityKeys.events, queryFn: securityApi.events });
  if (events.isPending) return <Spinner />;
  if (!events.data) return <p role="alert">{t('dashboard.loadFailed')}</p>;
  if (events.data.length === 0) return <p className="text-sm">{t('events.none')}</p>;
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {events.data.map((event) => (
        <li key={event.id} className="py-3 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium">
              {t(`events.type.${event.eventType}`, { defaultValue: event.eventType })}
            </span>
            <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs dark:bg-zinc-800">
              {t(`events.severity.${event.severity}`, { defaultValue: event.severity })}
            </span>
            <time dateTime={event.createdAt} className="text-xs text-zinc-500 dark:text-zinc-400">
              {formatDate(event.createdAt, i18n.language, 'medium-time')}
            </time>
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
            {eventDetailFields(event.details).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-mono">{key}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
