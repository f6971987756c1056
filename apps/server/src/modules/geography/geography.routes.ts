import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  GEOGRAPHY_MESSAGES as M,
  activeCountriesSchema,
  activePlacesQuerySchema,
  activePlacesSchema,
  activeStatesQuerySchema,
  activeStatesSchema,
  countryFieldsSchema,
  countryListSchema,
  countryOneSchema,
  countryUpdateFieldsSchema,
  envelopeSchema,
  listQuerySchema,
  placeFieldsSchema,
  placeListSchema,
  placeOneSchema,
  placeUpdateFieldsSchema,
  stateFieldsSchema,
  stateListSchema,
  stateOneSchema,
  stateUpdateFieldsSchema,
} from '@safarnama/contract';
import { ok, okRecord } from '../../http/envelope.js';
import { docFile, multipartDoc } from '../../http/form-fields.js';
import { formReader, multipartValidatorCompiler, registerMultipart } from '../../http/multipart.js';
import { deleteRecordSchema, errorResponses } from '../../http/schemas.js';
import type { GeographyService } from './geography.service.js';
import { GEOGRAPHY_AUDIT } from './geography.audit.js';

const S = API_PATHS.service;
const tags = ['geography'];
const image = {
  image: docFile('Optional image (jpeg, png, gif, webp; ≤ 10 MB); replaces the old one on update'),
};
const multipart = { consumes: ['multipart/form-data'] } as const;
const writeErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const deleteSchema = (summary: string) => deleteRecordSchema(tags, summary);
// The contract's path builders encode the id they get; Fastify wants `:id` as it is.
const path = (build: (id: string) => string) => `${build('')}:id`;

export interface GeographyRoutesDeps {
  geography: GeographyService;
}

export const geographyRoutes =
  ({ geography: { countries, states, places } }: GeographyRoutesDeps) =>
  async (app: FastifyInstance) => {
    await registerMultipart(app);
    const r = app.withTypeProvider<ZodTypeProvider>();

    // ── countries ────────────────────────────────────────────────────────────────────────────
    r.post(
      S.addCountry,
      {
        config: { access: 'geography.create', audit: GEOGRAPHY_AUDIT.addCountry },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary: 'Add a country (multipart: name, shortName, isActive, image)',
          ...multipart,
          body: multipartDoc(countryFieldsSchema, ['name', 'shortName'], image),
          response: { 201: envelopeSchema(countryOneSchema), ...writeErrors },
        },
      },
      async (request, reply) => {
        const country = await countries.add(formReader(request), request.log);
        reply.code(201);
        return okRecord(country, M.countryAdded, 201);
      },
    );
    r.post(
      S.updateCountry,
      {
        config: { access: 'geography.update', audit: GEOGRAPHY_AUDIT.updateCountry },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Update a country (multipart: id + any of the fields; a new image replaces the old)',
          ...multipart,
          body: multipartDoc(countryUpdateFieldsSchema, ['id'], image),
          response: { 200: envelopeSchema(countryOneSchema), ...writeErrors },
        },
      },
      async (request) =>
        okRecord(await countries.update(formReader(request), request.log), M.countryUpdated),
    );
    r.get(
      S.listCountries,
      {
        config: { access: 'geography.view' },
        schema: {
          tags,
          summary: 'Countries, newest first; search by name',
          querystring: listQuerySchema,
          response: { 200: envelopeSchema(countryListSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(await countries.list(request.query), 'Countries fetched successfully'),
    );
    r.get(
      S.activeCountries,
      {
        config: { access: 'geography.view' },
        schema: {
          tags,
          summary: 'Active countries by name (form selects)',
          response: { 200: envelopeSchema(activeCountriesSchema), ...errorResponses(401, 403) },
        },
      },
      async () => ok(await countries.active(), 'Countries fetched successfully'),
    );
    r.delete(
      path(S.deleteCountry),
      {
        config: { access: 'geography.delete', audit: GEOGRAPHY_AUDIT.deleteCountry },
        schema: deleteSchema(
          'Delete a country with its flag; 409 with data.dependants while states, places, place details, blogs or itineraries use it',
        ),
      },
      async (request) =>
        ok(await countries.remove(request.params.id, request.log), M.countryDeleted),
    );

    // ── states ───────────────────────────────────────────────────────────────────────────────
    r.post(
      S.addState,
      {
        config: { access: 'geography.create', audit: GEOGRAPHY_AUDIT.addState },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary: 'Add a state (multipart: name, countryId, isActive, image)',
          ...multipart,
          body: multipartDoc(stateFieldsSchema, ['name', 'countryId'], image),
          response: { 201: envelopeSchema(stateOneSchema), ...writeErrors },
        },
      },
      async (request, reply) => {
        const state = await states.add(formReader(request), request.log);
        reply.code(201);
        return okRecord(state, M.stateAdded, 201);
      },
    );
    r.post(
      S.updateState,
      {
        config: { access: 'geography.update', audit: GEOGRAPHY_AUDIT.updateState },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Update a state (multipart: id + any of the fields); a new countryId moves its places, their details and blogs with it',
          ...multipart,
          body: multipartDoc(stateUpdateFieldsSchema, ['id'], image),
          response: { 200: envelopeSchema(stateOneSchema), ...writeErrors },
        },
      },
      async (request) =>
        okRecord(await states.update(formReader(request), request.log), M.stateUpdated),
    );
    r.get(
      S.listStates,
      {
        config: { access: 'geography.view' },
        schema: {
          tags,
          summary: 'States with their country, newest first; search by state or country name',
          querystring: listQuerySchema,
          response: { 200: envelopeSchema(stateListSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(await states.list(request.query), 'States fetched successfully'),
    );
    r.get(
      S.activeStates,
      {
        config: { access: 'geography.view' },
        schema: {
          tags,
          summary: 'Active states of an active country, by name',
          querystring: activeStatesQuerySchema,
          response: { 200: envelopeSchema(activeStatesSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        ok(await states.active(request.query.countryId), 'States fetched successfully'),
    );
    r.delete(
      path(S.deleteState),
      {
        config: { access: 'geography.delete', audit: GEOGRAPHY_AUDIT.deleteState },
        schema: deleteSchema(
          'Delete a state with its image; 409 with data.dependants while places, place details, blogs or itineraries use it',
        ),
      },
      async (request) => ok(await states.remove(request.params.id, request.log), M.stateDeleted),
    );

    // ── places ───────────────────────────────────────────────────────────────────────────────
    r.post(
      S.addPlace,
      {
        config: { access: 'geography.create', audit: GEOGRAPHY_AUDIT.addPlace },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Add a place (multipart: name, countryId, stateId, shortDescription, isActive, latitude, longitude, image)',
          ...multipart,
          body: multipartDoc(placeFieldsSchema, ['name', 'countryId', 'stateId'], image),
          response: { 201: envelopeSchema(placeOneSchema), ...writeErrors },
        },
      },
      async (request, reply) => {
        const place = await places.add(formReader(request), request.log);
        reply.code(201);
        return okRecord(place, M.placeAdded, 201);
      },
    );
    r.post(
      S.updatePlace,
      {
        config: { access: 'geography.update', audit: GEOGRAPHY_AUDIT.updatePlace },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            "Update a place (multipart: id + any of the fields; latitude and longitude together, '' clears both)",
          ...multipart,
          body: multipartDoc(placeUpdateFieldsSchema, ['id'], image),
          response: { 200: envelopeSchema(placeOneSchema), ...writeErrors },
        },
      },
      async (request) =>
        okRecord(await places.update(formReader(request), request.log), M.placeUpdated),
    );
    r.get(
      S.listPlaces,
      {
        config: { access: 'geography.view' },
        schema: {
          tags,
          summary:
            'Places with their state and country, newest first; search by place, state or country name',
          querystring: listQuerySchema,
          response: { 200: envelopeSchema(placeListSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(await places.list(request.query), 'Places fetched successfully'),
    );
    r.get(
      S.activePlaces,
      {
        config: { access: 'geography.view' },
        schema: {
          tags,
          summary: 'Active places of an active state and country, by name',
          querystring: activePlacesQuerySchema,
          response: { 200: envelopeSchema(activePlacesSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        ok(
          await places.active(request.query.countryId, request.query.stateId),
          'Places fetched successfully',
        ),
    );
    r.delete(
      path(S.deletePlace),
      {
        config: { access: 'geography.delete', audit: GEOGRAPHY_AUDIT.deletePlace },
        schema: deleteSchema(
          'Delete a place with its image; 409 with data.dependants while place details, blogs, itineraries or the homepage use it',
        ),
      },
      async (request) => ok(await places.remove(request.params.id, request.log), M.placeDeleted),
    );
  };
