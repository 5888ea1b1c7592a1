// What other features use of plans: the lock shown on a feature the plan lacks, and the plan's entitlements.
export { PlanLock } from './plan-lock.tsx';
export { useEntitlements } from './use-entitlements.ts';
