import { z } from 'zod';
import { ARTWORK_TOOL_TYPES, TOOL_IDS } from './tools.ts';

// The zod schemas of the tool catalogue live apart from its constants, so code that only
// needs the constants (the SPA's home route) does not ship zod.
export const toolIdSchema = z.enum(TOOL_IDS).meta({ id: 'ToolId', description: 'One of the eleven tools.' });
export const artworkToolTypeSchema = z.enum(ARTWORK_TOOL_TYPES);
