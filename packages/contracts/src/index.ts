export * from './account.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './languages.ts';
export * from './tools.ts';
export * from './ui.ts';
