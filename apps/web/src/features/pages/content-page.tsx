import type { ReactNode } from 'react';

export const SUPPORT_EMAIL = 'support@atelier.example';

/** Link colours with at least 4.5:1 contrast on the light and the dark page background. */
export const linkClass =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:text-indigo-200';

export const paragraphClass = 'mt-3 text-base leading-7';

export const sectionHeadingClass = 'text-xl font-semibold text-zinc-950 dark:text-white';

interface ContentPageProps {
  /** Used for the `h1` id, so the article is labelled by its heading. */
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
}

/** The readable single-column frame of the Blog, Help, About and Contact pages. */
export function ContentPage({ id, title, lead, children }: ContentPageProps) {
  const headingId = `${id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className="mx-auto w-full max-w-3xl px-4 py-10 text-zinc-800 sm:px-6 sm:py-14 dark:text-zinc-200"
    >
      <header className="border-b border-zinc-200 pb-6 dark:border-zinc-800">
        <h1 id={headingId} className="text-3xl font-bold tracking-tight text-zinc-950 sm:text-4xl dark:text-white">
          {title}
        </h1>
        <p className="mt-4 text-lg leading-8 text-zinc-700 dark:text-zinc-300">{lead}</p>
      </header>
      {children}
    </article>
  );
}
