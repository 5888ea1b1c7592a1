/** A home page section's heading (named by `id`, for the section's aria-labelledby) and its line. */
export function SectionIntro({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-3xl font-semibold tracking-tight text-zinc-900 dark:text-white">
        {title}
      </h2>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{subtitle}</p>
    </div>
  );
}
