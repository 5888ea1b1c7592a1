import type { ReactNode } from 'react';

/** One labelled fact about an artwork (prompt, tool, date) in a <dl>. */
export function ArtworkFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}
