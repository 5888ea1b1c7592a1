import { useTranslation } from 'react-i18next';
import { ContentPage, linkClass, paragraphClass } from './content-page.tsx';
import { formatPostDate } from './format-post-date.ts';
import { toBlogPosts } from './page-content.ts';

export default function BlogPage() {
  const { t, i18n } = useTranslation('pages');
  const posts = toBlogPosts(t('blog.posts', { returnObjects: true }) as unknown);
  const language = i18n.language || 'en';

  return (
    <ContentPage id="blog" title={t('blog.title')} lead={t('blog.intro')}>
      <nav
        aria-labelledby="blog-posts"
        className="mt-8 rounded-lg border border-zinc-200 bg-zinc-50 p-5 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h2 id="blog-posts" className="text-sm font-semibold tracking-wide text-zinc-950 uppercase dark:text-white">
          {t('blog.postsHeading')}
        </h2>
        <ul className="mt-3 space-y-2 text-sm leading-6">
          {posts.map((post) => (
            <li key={post.id}>
              <a href={`#${post.id}`} className={linkClass}>
                {post.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {posts.map((post) => {
        const date = formatPostDate(post.date, language);
        return (
          <article
            key={post.id}
            aria-labelledby={post.id}
            className="mt-12 border-t border-zinc-200 pt-10 first-of-type:border-t-0 dark:border-zinc-800"
          >
            <h2 id={post.id} className="scroll-mt-24 text-2xl font-semibold text-zinc-950 dark:text-white">
              {post.title}
            </h2>
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              <time dateTime={post.date}>{t('blog.publishedOn', { date })}</time>
            </p>
            <p className="mt-4 text-lg leading-8 font-medium text-zinc-900 dark:text-zinc-100">{post.summary}</p>
            {post.body.map((paragraph) => (
              <p key={paragraph} className={paragraphClass}>
                {paragraph}
              </p>
            ))}
          </article>
        );
      })}
    </ContentPage>
  );
}
