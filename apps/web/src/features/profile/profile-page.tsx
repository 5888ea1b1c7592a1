// Placeholder owned by the Accounts work (issue 3); the shell routes here.
export default function ProfilePage() {
  return <main id="main" className="mx-auto max-w-xl p-8" />;
}
