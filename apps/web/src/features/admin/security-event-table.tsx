import type { SecurityEventDto } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { AccountLink } from './account-link.tsx';
import { cell, FactTable } from './section.tsx';
import { useFormatDate } from './use-format-date.ts';

type Event = SecurityEventDto & { userId?: string | null; email?: string | null };

/**
 * Security events as the console lists them: a user's own, or a team's, where each names the
 * account it was recorded for (a link to that account's page).
 */
export function SecurityEventTable({ events, showWho = false }: { events: readonly Event[]; showWho?: boolean }) {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDate();
  const head = [t('columns.when'), t('columns.event'), t('columns.severity'), t('columns.details')];
  return (
    <FactTable head={showWho ? [head[0]!, t('columns.who'), ...head.slice(1)] : head}>
      {events.map((event) => (
        <tr key={event.id}>
          <td className={cell}>{formatDate(event.createdAt)}</td>
          {showWho && (
            <td className={`${cell} break-all`}>
              <AccountLink userId={event.userId} email={event.email} />
            </td>
          )}
          <td className={cell}>{event.eventType}</td>
          <td className={cell}>{event.severity}</td>
          <td className={`${cell} font-mono text-xs break-all`}>{JSON.stringify(event.details)}</td>
        </tr>
      ))}
    </FactTable>
  );
}
