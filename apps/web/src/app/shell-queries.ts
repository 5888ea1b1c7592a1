import { hashKey, type Query } from '@tanstack/react-query';
import { sessionQuery } from '../features/auth/use-session.ts';
import { meQuery } from '../features/profile/profile-api.ts';
import { toolCatalogueQuery } from '../features/tools/api/use-tool-catalogue.ts';

/**
 * What the top bar shows on every page — the session, the tools the demo engine serves (the
 * AI Tools menu marks them), the balance — fetched by the root route's loader; the pages'
 * loaders hand over everything else.
 */
const SHELL_QUERIES = new Set([sessionQuery, toolCatalogueQuery, meQuery].map((query) => hashKey(query.queryKey)));

export const isShellQuery = (query: Query) => SHELL_QUERIES.has(query.queryHash);
