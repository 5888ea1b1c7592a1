// The client the fake Apple registers: shared by the fake and the app's test configuration
// without loading oidc-provider where only these values are needed.
export const FAKE_APPLE_CLIENT_ID = 'com.atelier.web';
export const FAKE_APPLE_CLIENT_SECRET = 'fake-apple-client-secret';
