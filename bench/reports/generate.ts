/**
 * The reports benchmark's data as SQL both databases run: contacts, one completed campaign and its
 * message rows, generated set-based (bench/reports/run.ts).
 */

export const CAMPAIGN_ID = '0190b000-0000-7000-8000-000000000001';

/** A time-ordered uuid per i (as the app's UUIDv7 contact ids are), the same in both tables. */
const contactId = (column: string) => `(lpad(to_hex(${column}), 12, '0') || '70008000' || lpad(to_hex(${column}), 12, '0'))::uuid`;

/**
 * The data, as SQL both databases run. Status by i % 100: 0-84 delivered (0-29 of them replied),
 * 85-89 sent, 90-94 failed (three error codes), 95-97 undelivered, 98 skipped, 99 cancelled.
 * Sends spread over 3 hours; contacts with i % 100 = 50 (delivered, silent) opted out by keyword 4 hours after the launch.
 */
export const generateStatements = (N: number): string[] => [
  `insert into contacts (id, phone, first_name, last_name, tag1, status, opted_out_at, opt_out_source, source)
   select ${contactId('i')}, '+4477' || lpad(i::text, 8, '0'), 'Person ' || i, 'Bench',
          case when i % 51 = 0 then null else 'group-' || (i % 51) end,
          case when i % 100 = 50 then 'opted_out' else 'active' end,
          case when i % 100 = 50 then now() - interval '20 hours' end,
          case when i % 100 = 50 then 'keyword' end, 'import'
   from generate_series(1, ${N}) as i`,
  `insert into campaigns (id, name, body, audience, status, launched_at, completed_at, audience_ready_at, reply_window_hours)
   values ('${CAMPAIGN_ID}', 'Bench 1M', 'Hello {{first_name}}, are you coming on Tuesday? Reply YES or NO', '{"type":"all"}', 'completed',
           now() - interval '1 day', now() - interval '21 hours', now() - interval '1 day', 72)`,
  // tag1 copied from the contact as the fan-out copies it (decision 089).
  `insert into messages (kind, campaign_id, contact_id, phone, tag1, body, status, queued_at, sent_at, delivered_at, failed_at, error_code, error_text, replied_at, reply_text, reply_word, segments, encoding)
   select 'campaign', '${CAMPAIGN_ID}', ${contactId('i')}, '+4477' || lpad(i::text, 8, '0'), case when i % 51 = 0 then '' else 'group-' || (i % 51) end,
          'Hello Person ' || i || ', are you coming on Tuesday? Reply YES or NO',
          s.status, t.launch, case when s.status in ('skipped', 'cancelled') then null else t.sent end,
          case when s.status = 'delivered' then t.sent + interval '5 seconds' end,
          case when s.status = 'failed' then t.sent when s.status = 'undelivered' then t.sent + interval '30 seconds' end,
          case when s.status = 'failed' then (array['SIM_REJECTED', 'INVALID_NUMBER', 'THROTTLED'])[1 + i % 3] when s.status = 'undelivered' then 'UNREACHABLE' end,
          case when s.status = 'failed' then 'Rejected by the gateway' when s.status = 'undelivered' then 'Handset unreachable' end,
          case when i % 100 < 30 then t.sent + make_interval(mins => 1 + i % 600) end,
          case when i % 100 < 30 then (array['Yes', 'yes!', 'No', 'maybe', 'OK', 'Later', 'Thanks', 'YES please', 'no thanks', 'Who is this?'])[1 + (i / 100) % 10] end,
          case when i % 100 < 30 then (array['YES', 'YES', 'NO', 'MAYBE', 'OK', 'LATER', 'THANKS', 'YES', 'NO', 'WHO'])[1 + (i / 100) % 10] end,
          1, 'GSM-7'
   from generate_series(1, ${N}) as i
   cross join lateral (select now() - interval '1 day' as launch, now() - interval '1 day' + make_interval(secs => 3 * 3600.0 * i / ${N}) as sent) t
   cross join lateral (select case when i % 100 < 85 then 'delivered' when i % 100 < 90 then 'sent' when i % 100 < 95 then 'failed'
                                   when i % 100 < 98 then 'undelivered' when i % 100 = 98 then 'skipped' else 'cancelled' end as status) s`,
  // The insert trigger counts statuses only (in the app a reply is always an update, counted then).
  `insert into message_count_deltas (campaign_id, status, n)
   select campaign_id, 'replied', count(*)::int from messages where campaign_id = '${CAMPAIGN_ID}' and replied_at is not null group by campaign_id`,
];
