import { addDays, localDate, startOfDay } from '@sms/contracts/calendar-dates';
import { statusReasonView } from '@sms/contracts/campaign-status-reason';
import type { CampaignCounts } from '@sms/contracts/campaigns';
import {
  DASHBOARD_DAYS,
  DASHBOARD_LIST_SIZE,
  percent,
  type Dashboard,
  type DashboardCampaign,
  type DashboardWindow,
} from '@sms/contracts/dashboard';
import { MESSAGE_STATUSES } from '@sms/contracts/messages';
import { replyFigures } from '@sms/contracts/reply-figures';
import type { Executor } from '../../db/client.ts';
import { emptyCounts, readCampaignCounts } from '../campaigns/index.ts';
import { apiMessageCountsSince } from '../integration/index.ts';
import {
  activeCampaigns,
  campaignsLaunchedSince,
  countContacts,
  optOutsPerDay,
  recentReplies,
  scheduledCampaigns,
  setupProgress,
  type DashboardCampaignRow,
} from './dashboard.queries.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

function addCounts(into: CampaignCounts, more: CampaignCounts): void {
  for (const status of MESSAGE_STATUSES) into[status] += more[status];
  into.total += more.total;
  into.replied += more.replied;
  into.optedOut += more.optedOut;
}

function window(from: Date, campaigns: number, counts: CampaignCounts): DashboardWindow {
  const responseRate = counts.total > 0 ? replyFigures(counts).responseRate : null;
  return { from: from.toISOString(), campaigns, counts, deliveryRate: percent(counts.delivered, counts.total), responseRate };
}

function presentCampaign(row: DashboardCampaignRow, counts: CampaignCounts | undefined): DashboardCampaign {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    statusReason: statusReasonView(row.statusReason),
    scheduledAt: iso(row.scheduledAt),
    timeZone: row.timeZone,
    launchedAt: iso(row.launchedAt),
    audienceReady: row.audienceReady,
    counts: counts ?? emptyCounts(),
  };
}

/**
 * Every dashboard figure, read from counters and small indexed queries (see dashboard.queries.ts).
 * Days are local days in `timeZone`; `now` is injectable for tests.
 */
export async function buildDashboard(db: Executor, options: { timeZone: string; repliesVisible: boolean; now?: Date }): Promise<Dashboard> {
  const now = options.now ?? new Date();
  const { timeZone } = options;
  const today = localDate(now, timeZone);
  const firstDay = addDays(today, -(DASHBOARD_DAYS - 1));
  const starts = {
    today: startOfDay(today, timeZone),
    last7Days: startOfDay(addDays(today, -6), timeZone),
    last30Days: startOfDay(firstDay, timeZone),
  };

  // Independent reads: in parallel on PostgreSQL's pool (PGlite queues them on its one connection).
  const [contacts, launched, active, scheduled, optOuts, setup, replies, apiMessages] = await Promise.all([
    countContacts(db),
    campaignsLaunchedSince(db, starts.last30Days),
    activeCampaigns(db, DASHBOARD_LIST_SIZE),
    scheduledCampaigns(db, DASHBOARD_LIST_SIZE),
    optOutsPerDay(db, starts.last30Days, timeZone),
    setupProgress(db),
    options.repliesVisible ? recentReplies(db, DASHBOARD_LIST_SIZE) : Promise.resolve([]),
    apiMessageCountsSince(db, [starts.last30Days, starts.last7Days, starts.today]),
  ]);
  const ids = [...new Set([...launched.map((c) => c.id), ...active.rows.map((c) => c.id), ...scheduled.rows.map((c) => c.id)])];
  const counts = await readCampaignCounts(db, ids);

  const windows = { today: emptyCounts(), last7Days: emptyCounts(), last30Days: emptyCounts() };
  const launchedIn = { today: 0, last7Days: 0, last30Days: 0 };
  for (const campaign of launched) {
    const campaignCounts = counts.get(campaign.id) ?? emptyCounts();
    for (const key of ['today', 'last7Days', 'last30Days'] as const) {
      if (campaign.launchedAt >= starts[key]) {
        addCounts(windows[key], campaignCounts);
        launchedIn[key] += 1;
      }
    }
  }

  // Integration API messages count where they were queued (they have no campaign to be launched).
  (['last30Days', 'last7Days', 'today'] as const).forEach((key, index) => {
    const api = apiMessages[index];
    if (!api) return;
    const counts = emptyCounts();
    for (const status of MESSAGE_STATUSES) counts[status] = api.byStatus.get(status) ?? 0;
    counts.total = MESSAGE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
    counts.replied = api.replied;
    addCounts(windows[key], counts);
  });

  const daily = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const date = addDays(firstDay, i);
    return { date, n: optOuts.get(date) ?? 0 };
  });

  return {
    generatedAt: now.toISOString(),
    timeZone,
    contacts: { total: contacts.total, active: contacts.total - contacts.optedOut, optedOut: contacts.optedOut },
    messages: {
      today: window(starts.today, launchedIn.today, windows.today),
      last7Days: window(starts.last7Days, launchedIn.last7Days, windows.last7Days),
      last30Days: window(starts.last30Days, launchedIn.last30Days, windows.last30Days),
    },
    optOuts: { total: daily.reduce((sum, day) => sum + day.n, 0), daily },
    campaigns: {
      active: active.rows.map((row) => presentCampaign(row, counts.get(row.id))),
      activeTotal: active.total,
      scheduled: scheduled.rows.map((row) => presentCampaign(row, counts.get(row.id))),
      scheduledTotal: scheduled.total,
    },
    setup: { ...setup, contacts: contacts.total > 0 },
    repliesVisible: options.repliesVisible,
    recentReplies: replies.map((reply) => ({
      id: reply.id,
      body: reply.body,
      fromPhone: reply.fromPhone,
      receivedAt: reply.receivedAt.toISOString(),
      contact: reply.contactId ? { id: reply.contactId, name: reply.contactName } : null,
      campaign: reply.campaignId && reply.campaignName !== null ? { id: reply.campaignId, name: reply.campaignName } : null,
    })),
  };
}

/**
 * A per-process cache of whole answers for `ttlMs` (several people looking at the dashboard, or
 * one polling it, cost one computation per time zone and visibility every few seconds).
 */
export function dashboardCache(ttlMs: number) {
  const entries = new Map<string, { at: number; value: Promise<Dashboard> }>();
  return (key: string, compute: () => Promise<Dashboard>): Promise<Dashboard> => {
    if (ttlMs <= 0) return compute();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = compute();
    entries.set(key, { at: now, value });
    value.catch(() => entries.delete(key));
    if (entries.size > 200) entries.delete(entries.keys().next().value as string);
    return value;
  };
}
