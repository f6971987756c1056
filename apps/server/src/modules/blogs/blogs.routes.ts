import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  BLOG_LIMITS,
  BLOG_MESSAGES as M,
  blogFieldsSchema,
  blogListQuerySchema,
  blogListSchema,
  blogOneSchema,
  blogUpdateFieldsSchema,
  envelopeSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok, okRecord } from '../../http/envelope.js';
import { docFile, multipartDoc } from '../../http/form-fields.js';
import {
  RICH_TEXT_MULTIPART,
  formReader,
  multipartValidatorCompiler,
  registerMultipart,
} from '../../http/multipart.js';
import { deleteRecordSchema, errorResponses } from '../../http/schemas.js';
import type { BlogService } from './blogs.service.js';
import { BLOGS_AUDIT } from './blogs.audit.js';

const S = API_PATHS.service;
const tags = ['blogs'];
const multipart = { consumes: ['multipart/form-data'] } as const;
const one = envelopeSchema(blogOneSchema);
const extra = {
  coverImage: docFile('Cover image (jpeg, png, gif, webp; ≤ 10 MB); a new one replaces the old'),
  'tags[i]': z
    .string()
    .max(BLOG_LIMITS.tag)
    .optional()
    .meta({ description: `Tags, sent as \`tags[0]\`, \`tags[1]\`, … (≤ ${BLOG_LIMITS.tags})` }),
};

export interface BlogRoutesDeps {
  blogs: BlogService;
}

export const blogRoutes =
  ({ blogs }: BlogRoutesDeps) =>
  async (app: FastifyInstance) => {
    await registerMultipart(app, RICH_TEXT_MULTIPART);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      S.addBlog,
      {
        config: { access: 'blogs.create', audit: BLOGS_AUDIT.add },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Add a Travelpedia blog (multipart); the slug is generated from the title when empty, content is sanitised',
          ...multipart,
          body: multipartDoc(blogFieldsSchema, ['title', 'countryId', 'stateId', 'placeId'], extra),
          response: { 201: one, ...errorResponses(400, 401, 403, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const blog = await blogs.add(
          requireAuth(request).admin.id,
          formReader(request),
          request.log,
        );
        reply.code(201);
        return okRecord(blog, M.added, 201);
      },
    );

    r.post(
      S.updateBlog,
      {
        config: { access: 'blogs.update', audit: BLOGS_AUDIT.update },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary: 'Update a blog (multipart: id + any fields; absent fields stay)',
          ...multipart,
          body: multipartDoc(blogUpdateFieldsSchema, ['id'], extra),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => okRecord(await blogs.update(formReader(request), request.log), M.updated),
    );

    r.get(
      S.listBlogs,
      {
        config: { access: 'blogs.view' },
        schema: {
          tags,
          summary:
            'Blogs, newest first; search over title, excerpt, slug and tags; publishable=true: published only; needsAttention=true: only those failing a quality rule',
          querystring: blogListQuerySchema,
          response: { 200: envelopeSchema(blogListSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(await blogs.list(request.query), M.listed),
    );

    r.delete(
      `${S.deleteBlog('')}:id`,
      {
        config: { access: 'blogs.delete', audit: BLOGS_AUDIT.remove },
        schema: deleteRecordSchema(
          tags,
          'Delete a blog with its cover; 409 with data.dependants while the homepage shows it',
        ),
      },
      async (request) => ok(await blogs.remove(request.params.id, request.log), M.deleted),
    );
  };
