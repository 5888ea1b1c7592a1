import { TOOLS, toolListResponseSchema, toolOptionSchemas } from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import type { EngineRegistry } from '../../engines/registry.ts';
import { apiRoute } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonContent } from '../../platform/http/json-content.ts';

const route = apiRoute({
  method: 'get',
  path: '/tools',
  operationId: 'listTools',
  tag: 'tools',
  access: 'public',
  summary: 'The eleven tools: credits, options (JSON Schema) and the engine that serves each now',
  responses: { 200: jsonContent(toolListResponseSchema, 'The catalogue') },
});

export function toolRoutes(engines: EngineRegistry) {
  // The catalogue changes only with the configuration: build it once.
  const body = {
    tools: TOOLS.map((t) => ({
      id: t.id,
      credits: t.credits,
      perImage: t.perImage,
      // A registry of its own: the contracts' ids (for /openapi.json) would make it a $ref.
      options: z.toJSONSchema(toolOptionSchemas[t.id], {
        io: 'input',
        unrepresentable: 'any',
        metadata: z.registry(),
      }) as Record<string, unknown>,
      engine: engines.choiceFor(t.id),
      demoOptions: Object.fromEntries(
        Object.entries(engines.engineFor(t.id)?.demoOptions?.(t.id) ?? {}).map(([field, values]) => [
          field,
          [...values],
        ]),
      ),
      ignoredOptions: [...(engines.engineFor(t.id)?.ignoredOptions?.(t.id) ?? [])],
    })),
  };
  return createApiRouter().openapi(route, (c) => c.json(body, 200));
}
