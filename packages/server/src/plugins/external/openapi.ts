import swagger from '@fastify/swagger';
import { API_BASE } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the contract schemas the routes declare, never written by hand. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Shopdesk console API',
        version: '0.1.0',
        description: 'Generated from packages/contract.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sd_session' } } },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  app.get(`${API_BASE}/openapi.json`, { config: { allow: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
