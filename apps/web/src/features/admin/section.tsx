import type { ReactNode } from 'react';

/** A titled block of the console; `empty` shows instead of the content when there is nothing. */
export function Section({ title, empty, children }: { title: string; empty?: string | false; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 className="text-base font-semibold">{title}</h3>
      <div className="mt-3 overflow-x-auto text-sm">
        {empty ? <p className="text-zinc-600 dark:text-zinc-400">{empty}</p> : children}
      </div>
    </section>
  );
}

/** A plain table with a header row: the console shows lists of facts, not cards. */
export function FactTable({ head, children }: { head: readonly string[]; children: ReactNode }) {
  return (
    <table className="w-full text-left">
      <thead className="text-zinc-500 dark:text-zinc-400">
        <tr>
          {head.map((label) => (
            <th key={label} className="py-1.5 pr-4 font-medium whitespace-nowrap">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">{children}</tbody>
    </table>
  );
}

export const cell = 'py-1.5 pr-4 align-top';
