// What other features and the layout use of the tools: which tools run on the demo engine, and the balance.
export { useDemoTools } from './api/use-tool-catalogue.ts';
export { useCredits } from './credits/use-credits.ts';
