import { Link } from 'react-router';

/** An account named in a console list (by e-mail, else id), leading to its page; — when none. */
export function AccountLink({ userId, email }: { userId: string | null | undefined; email?: string | null }) {
  if (!userId) return '—';
  return (
    <Link
      to={`/admin/users/${encodeURIComponent(userId)}`}
      className="text-brand-700 hover:underline dark:text-brand-400"
    >
      {email ?? userId}
    </Link>
  );
}
