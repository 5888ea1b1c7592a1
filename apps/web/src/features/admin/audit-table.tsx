import type { AdminAuditEntry } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { AccountLink } from './account-link.tsx';
import { cell, FactTable } from './section.tsx';
import { useFormatDate } from './use-format-date.ts';

const facts = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');

/** Audit entries: when, who (or which operator path), what, on whom, why, before → after. */
export function AuditTable({ entries }: { entries: readonly AdminAuditEntry[] }) {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDate();
  return (
    <FactTable
      head={[
        t('columns.when'),
        t('columns.who'),
        t('columns.action'),
        t('columns.target'),
        t('columns.reason'),
        t('columns.change'),
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.id} data-testid="audit-entry">
          <td className={`${cell} whitespace-nowrap`}>{formatDate(entry.createdAt)}</td>
          <td className={cell}>{entry.actorEmail ?? t(`via.${entry.via}`)}</td>
          <td className={cell}>{t(`action.${entry.action}`)}</td>
          <td className={`${cell} break-all`}>
            <AccountLink userId={entry.targetUserId} email={entry.targetEmail} />
          </td>
          <td className={cell}>{entry.reason}</td>
          <td className={`${cell} text-xs`}>
            {facts(entry.before)} → {facts(entry.after)}
          </td>
        </tr>
      ))}
    </FactTable>
  );
}
