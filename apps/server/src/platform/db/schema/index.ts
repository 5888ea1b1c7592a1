// Every table of the application; drizzle-kit reads this file to generate migrations.
export * from './credit-ledger.ts';
export * from './mail.ts';
export * from './profiles.ts';
