import type { z } from '@hono/zod-openapi';

/** A JSON body of an OpenAPI route declaration: `responses: { 200: jsonContent(schema, 'What') }`. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body of an OpenAPI route declaration: `request: jsonBody(schema)`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
