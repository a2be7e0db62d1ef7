import {
  createNoteBodySchema,
  listNotesQuerySchema,
  mentionableQuerySchema,
  mentionableResponseSchema,
  noteAuthorsResponseSchema,
  noteIdParamsSchema,
  noteListResponseSchema,
  noteResponseSchema,
  updateNoteBodySchema,
} from '@sms/contracts/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentNote } from './notes.presenter.ts';
import { listNotes, noteAuthors, searchMentionable, type NoteRow } from './notes.queries.ts';
import { createNote, deleteNote, noteOr404, updateNote } from './notes.service.ts';

const tags = ['notes'];
const CANNOT_READ = 'You do not have permission to view notes.';
const CANNOT_WRITE = 'You do not have permission to write notes.';
const CANNOT_DELETE_OTHERS = 'Only the author or an administrator may delete a note.';

/** Internal notes on contacts, with @mentions (never sent as SMS). */
export const notesRoutes: FastifyPluginAsyncZod<{ db: Db; emailAvailable: boolean }> = async (app, { db, emailAvailable }) => {
  const note = recordLoader((id) => noteOr404(db, id));
  const present = async (id: string) => ({ note: presentNote(await noteOr404(db, id)) });

  app.get(
    '/api/notes',
    {
      config: { auth: 'required', can: ['read', 'Note'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'List notes, newest first (by contact, author, text, or those mentioning me)',
        querystring: listNotesQuerySchema,
        response: { 200: noteListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listNotes(db, request.query, currentUser(request).id);
      return { data: rows.map(presentNote), total };
    },
  );

  app.get(
    '/api/notes/mentionable',
    {
      config: { auth: 'required', can: ['create', 'Note'], refusal: CANNOT_WRITE },
      schema: {
        tags,
        summary: 'Staff who may be mentioned in a note (the @ suggestions)',
        querystring: mentionableQuerySchema,
        response: { 200: mentionableResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await searchMentionable(db, request.query.search) }),
  );

  app.get(
    '/api/notes/authors',
    {
      config: { auth: 'required', can: ['read', 'Note'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Everyone who wrote a note (the author filter)',
        response: { 200: noteAuthorsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await noteAuthors(db) }),
  );

  app.post(
    '/api/notes',
    {
      config: { auth: 'required', can: ['create', 'Note'], refusal: CANNOT_WRITE },
      schema: {
        tags,
        summary: 'Write a note on a contact (mentioned users are notified)',
        body: createNoteBodySchema,
        response: { 201: noteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const id = await createNote(db, { actor: currentUser(request), ip: request.ip, body: request.body, emailAvailable });
      return reply.status(201).send(await present(id));
    },
  );

  app.get(
    '/api/notes/:id',
    {
      config: { auth: 'required', can: ['read', 'Note'], refusal: CANNOT_READ, load: note.load },
      schema: {
        tags,
        summary: 'One note',
        params: noteIdParamsSchema,
        response: { 200: noteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ note: presentNote(note.of(request)) }),
  );

  app.put(
    '/api/notes/:id',
    {
      config: { auth: 'required', can: ['create', 'Note'], refusal: CANNOT_WRITE, load: note.load },
      schema: {
        tags,
        summary: 'Change a note (its author only; newly mentioned users are notified)',
        params: noteIdParamsSchema,
        body: updateNoteBodySchema,
        response: { 200: noteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await updateNote(db, { actor: currentUser(request), ip: request.ip, note: note.of(request), body: request.body, emailAvailable });
      return present(request.params.id);
    },
  );

  app.delete(
    '/api/notes/:id',
    {
      config: {
        auth: 'required',
        can: [
          { can: ['create', 'Note'], refusal: CANNOT_WRITE },
          // Another's note: only who may delete anyone's (administrators).
          {
            can: ['delete', 'Note'],
            when: (request, record) => (record as NoteRow).authorId !== currentUser(request).id,
            refusal: CANNOT_DELETE_OTHERS,
          },
        ],
        load: note.load,
      },
      schema: {
        tags,
        summary: "Delete a note (its author; administrators delete anyone's)",
        params: noteIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteNote(db, { actor: currentUser(request), ip: request.ip, note: note.of(request) });
      return reply.status(204).send();
    },
  );
};
