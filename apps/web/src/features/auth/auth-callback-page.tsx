// Placeholder owned by the Accounts work (issue 3); the shell routes here.
export default function AuthCallbackPage() {
  return <main id="main" className="mx-auto max-w-xl p-8" />;
}
