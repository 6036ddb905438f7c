import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Freightlane API',
        description:
          'Cargo haulage orders, bids, trips and public tracking for Nigerian shippers and transporters.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      // Uploads declare their multipart form separately, so the JSON validator never sees it.
      const form = input.schema?.multipartBody;
      const file = input.schema?.fileResponse;
      const schema = output.schema as Record<string, unknown> & { response?: Record<string, unknown> };
      return {
        ...output,
        schema: {
          ...schema,
          ...(form ? { body: form } : {}),
          // Downloads answer bytes, not JSON: documented here since the JSON serializer never sees them.
          ...(file
            ? {
                response: {
                  ...schema.response,
                  200: {
                    description: file,
                    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
                  },
                },
              }
            : {}),
        },
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
