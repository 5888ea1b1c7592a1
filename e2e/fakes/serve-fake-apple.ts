// The fake Apple of the browser tests, as its own process (a Playwright web server):
// FAKE_APPLE_PORT to listen on, APP_URL of the Atelier server whose callback it posts back to.
import { startFakeApple } from './fake-apple.ts';

const port = Number(process.env.FAKE_APPLE_PORT);
const appUrl = process.env.APP_URL ?? 'http://localhost:3210';
const apple = await startFakeApple({ redirectUri: `${appUrl}/api/auth/callback/apple`, port });
console.log(`fake Apple at ${apple.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void apple.close().then(() => process.exit(0)));
}
