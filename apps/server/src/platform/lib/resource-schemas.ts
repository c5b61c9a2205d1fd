import { errorResponseSchema, idParamSchema, listResponseSchema, okResponseSchema } from "@clinora/contracts";
import type { z } from "zod";

/** Answers a route gives besides the usual ones, by status (e.g. `{ 409: errorResponseSchema }`). */
type MoreAnswers = Record<number, z.ZodType>;

/** The answer of a route that can meet a conflict (a taken email, a CPF already registered, linked data). */
export const conflictAnswer = { 409: errorResponseSchema };

/**
 * The schemas of the routes around one kind of record kept at `/things` and `/things/:id`: a page of them, one by
 * id (404 when unknown or another tenant's), a new one (201), a change, a deletion. Each route file still lists its
 * own routes, access and handlers; this only writes their schemas one way.
 */
export function resourceSchemas<Item extends z.ZodType>(tags: string[], item: Item) {
  return {
    list: <Query extends z.ZodType>(summary: string, querystring: Query) => ({
      tags,
      summary,
      querystring,
      response: { 200: listResponseSchema(item) },
    }),

    /** A route on one record by its id that answers the record. */
    byId: <More extends MoreAnswers = Record<never, never>>(summary: string, more?: More) => ({
      tags,
      summary,
      params: idParamSchema,
      response: { 200: item, 404: errorResponseSchema, ...(more as More) },
    }),

    create: <Body extends z.ZodType, More extends MoreAnswers = Record<never, never>>(summary: string, body: Body, more?: More) => ({
      tags,
      summary,
      body,
      response: { 201: item, ...(more as More) },
    }),

    update: <Body extends z.ZodType, More extends MoreAnswers = Record<never, never>>(summary: string, body: Body, more?: More) => ({
      tags,
      summary,
      params: idParamSchema,
      body,
      response: { 200: item, 404: errorResponseSchema, ...(more as More) },
    }),

    remove: <More extends MoreAnswers = Record<never, never>>(summary: string, more?: More) => ({
      tags,
      summary,
      params: idParamSchema,
      response: { 200: okResponseSchema, 404: errorResponseSchema, ...(more as More) },
    }),
  };
}
