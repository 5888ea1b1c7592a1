// Every table of the application; drizzle-kit reads this file to generate migrations.

export * from './admin-audit.ts';
export * from './artworks.ts';
export * from './auth.ts';
export * from './automation.ts';
export * from './billing.ts';
export * from './credit-ledger.ts';
export * from './mail.ts';
export * from './plan-grants.ts';
export * from './profiles.ts';
export * from './referrals.ts';
export * from './runs.ts';
export * from './security.ts';
export * from './teams.ts';
