/** Label and value pairs of a payment (what is charged, credits, dates), one row each. */
export function SummaryList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="mt-4 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-baseline justify-between gap-4 py-2">
          <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
          <dd className="text-right font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
