import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';

/**
 * 403 refusals in the audit log, grouped: one entry per actor (or, anonymous, per address), route
 * and minute of the database's clock, whose `details.count` grows with each refusal. A script
 * hammering a forbidden route adds one row a minute, not one per request. The unique index on
 * `group_key` makes the upsert safe from any number of API processes at once.
 */
export async function recordDenied(
  db: Db,
  input: { actor: { id: string; name: string; email: string } | null; ip: string; method: string; route: string },
): Promise<void> {
  const who = input.actor ? `user:${input.actor.id}` : `ip:${input.ip}`;
  const prefix = `access.denied|${who}|${input.method} ${input.route}|`;
  await db.execute(sql`
    insert into audit_log (actor_id, actor_name, actor_email, action, subject, subject_id, ip, details, group_key)
    values (${input.actor?.id ?? null}, ${input.actor?.name ?? null}, ${input.actor?.email ?? null}, 'access.denied', 'User', ${input.actor?.id ?? null}, ${input.ip},
            jsonb_build_object('method', ${input.method}::text, 'route', ${input.route}::text, 'count', 1, 'lastAt', now()),
            ${prefix} || to_char(date_trunc('minute', now() at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI'))
    on conflict (group_key) where group_key is not null
    do update set details = audit_log.details
      || jsonb_build_object('count', coalesce((audit_log.details->>'count')::int, 0) + 1, 'lastAt', now())`);
}

/** Audits every 403 an /api route answers (after the answer is sent; a failure is only logged). */
export function registerDeniedAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 403 || !request.url.startsWith('/api/')) return;
    const route = request.routeOptions.url ?? request.url.split('?')[0] ?? request.url;
    await recordDenied(db, { actor: request.user, ip: request.ip, method: request.method, route }).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not audit a refused request'),
    );
  });
}
