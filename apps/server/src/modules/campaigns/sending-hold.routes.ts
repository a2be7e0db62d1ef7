import { resumeSendingResponseSchema, sendingHoldSchema } from '@sms/contracts/sending-hold';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import type { WakeDispatcher } from './campaign-actions.service.ts';
import { forgetSendingHold, holdSending, readSendingHold, resumeSending } from './sending-hold.ts';

const tags = ['sending'];
const ADMINS_ONLY = 'Only administrators can hold or resume sending.';

/**
 * The sending hold (decision 072): whether nothing is sent, for every signed-in member of staff
 * (the web app's banner); holding and resuming, one audited switch each, for administrators.
 */
export const sendingHoldRoutes: FastifyPluginAsyncZod<{ db: Db; wake: WakeDispatcher }> = async (app, { db, wake }) => {
  app.get(
    '/api/sending-hold',
    {
      config: { auth: 'required', can: { anyone: 'every role sees the hold banner' } },
      schema: {
        tags,
        summary: 'Whether sending is on hold (after a restore, or held by an administrator), since when and why',
        response: { 200: sendingHoldSchema, ...errorResponses(401) },
      },
    },
    async () => readSendingHold(db),
  );

  app.post(
    '/api/sending-hold',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags,
        summary: 'Hold sending (audited): campaigns sending or scheduled pause, API messages stay queued',
        description: 'Before moving the installation (back up, stop, restore elsewhere). Holding when already held changes nothing.',
        response: { 200: sendingHoldSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const result = await db.transaction(async (tx) => {
        const current = await readSendingHold(tx);
        if (current.held) return current;
        const { campaignsPaused } = await holdSending(tx, 'manual');
        await recordAudit(tx, { actor, action: 'sending.hold', subject: 'Settings', ip: request.ip, details: { campaignsPaused } });
        return readSendingHold(tx);
      });
      forgetSendingHold();
      return result;
    },
  );

  app.post(
    '/api/sending-hold/resume',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags,
        summary: 'Resume sending (audited): campaigns the hold paused go back to sending or to their schedule',
        description: 'Resuming when sending is not held changes nothing (campaignsResumed 0).',
        response: { 200: resumeSendingResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const result = await db.transaction(async (tx) => {
        const current = await readSendingHold(tx);
        if (!current.held) return { ...current, campaignsResumed: 0 };
        const { campaignsResumed } = await resumeSending(tx);
        await recordAudit(tx, {
          actor,
          action: 'sending.resume',
          subject: 'Settings',
          ip: request.ip,
          details: { heldSince: current.since, reason: current.reason, campaignsResumed },
        });
        return { ...(await readSendingHold(tx)), campaignsResumed };
      });
      forgetSendingHold();
      wake();
      return result;
    },
  );
};
