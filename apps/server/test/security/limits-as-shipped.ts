import { SIGN_UPS_PER_CLIENT_PER_HOUR, SIGN_UPS_PER_DOMAIN_PER_WINDOW } from '@atelier/contracts';

/**
 * The environment of a test runtime with the sign-up limits as shipped (the test runtime raises
 * them for other tests), clients told apart by the proxy's X-Forwarded-For.
 */
export const LIMITS_AS_SHIPPED = {
  TRUST_PROXY: 'true',
  SIGN_UPS_PER_CLIENT_PER_HOUR: String(SIGN_UPS_PER_CLIENT_PER_HOUR),
  SIGN_UPS_PER_DOMAIN_PER_WINDOW: String(SIGN_UPS_PER_DOMAIN_PER_WINDOW),
};
