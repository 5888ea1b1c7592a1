// Every table of the application; drizzle-kit reads this file to generate migrations.
export * from './mail.ts';
