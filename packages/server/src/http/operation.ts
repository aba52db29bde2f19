import { API_BASE, type TOperation } from '@shopdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Out<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;

export type OpRequest<Op extends TOperation> = FastifyRequest<{
  Params: Out<Op['params']>;
  Querystring: Out<Op['query']>;
  Body: Out<Op['body']>;
}>;

export type OpHandler<Op extends TOperation> = (
  req: OpRequest<Op>,
  reply: FastifyReply,
) => Promise<z.input<Op['response']>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: user types, or 'public'. Checked once by plugins/app/authorize. */
    allow?: TOperation['allow'];
  }
}

/** Registers a contract operation: the path, the schemas and the allowed types come from the contract. */
export const registerOperation = <Op extends TOperation>(
  app: FastifyInstance,
  op: Op,
  handler: OpHandler<Op>,
  extra: { bodyLimit?: number; rateLimit?: { max: number; timeWindow: string | number } } = {},
) => {
  const status = op.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: op.method,
    url: API_BASE + op.path,
    bodyLimit: extra.bodyLimit,
    config: { allow: op.allow, ...(extra.rateLimit ? { rateLimit: extra.rateLimit } : {}) },
    schema: {
      summary: op.summary,
      description: op.spec ? `spec ${op.spec}` : undefined,
      tags: [op.path.split('/').filter((s) => s && !s.startsWith(':'))[0] ?? 'root'],
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body ? { body: op.body } : {}),
      response: { [status]: op.response },
      // In the OpenAPI document: who may call (the fuzz test picks its caller by it) and file uploads.
      security: op.allow === 'public' ? [] : [{ session: [] }],
      'x-allow': op.allow,
      ...(op.multipartFile
        ? { consumes: ['multipart/form-data'], 'x-multipart-file': op.multipartFile }
        : {}),
    },
    handler: async (req, reply) => {
      reply.code(status); // the handler may still choose another status
      return handler(req as unknown as OpRequest<Op>, reply);
    },
  });
};
