import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, launchCampaign, MISSING_ID } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;

const AUDIENCE = { type: 'filter', filter: { tag1: 'archive' } };
const hourFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

beforeAll(async () => {
  server = await startTestServer({ config: { publicUrl: 'https://sms.example.org' } });
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
  await configureSimulator(server, admin.token, {});
  // Recipients whose names must never reach the archive.
  await seedContacts(server, 3, { tags: ['archive'] });
});
afterAll(() => server?.close());

const publish = (id: string, published: boolean, token = manager.token) =>
  server.put(`/api/campaigns/${id}/archive`, { published }, { token });
const writePost = (body: Record<string, unknown>, token = manager.token) => server.post('/api/public-site/posts', body, { token });
const archive = (query = '') => server.get(`/api/public/archive${query}`);
const setSite = async (enabled: boolean) =>
  expect((await server.put('/api/settings/public-site', { enabled }, { token: admin.token })).status).toBe(200);

/** A launched campaign published to the archive. */
async function publishedCampaign(name: string, body: string) {
  const campaign = await createCampaign(server, manager.token, { name, body, audience: AUDIENCE });
  expect((await publish(campaign.id, true)).status).toBe(200);
  await launchCampaign(server, manager.token, campaign.id);
  return campaign;
}

describe('publishing a campaign to the archive', () => {
  it('refuses a merge field without a fallback, naming it, and audits a publication', async () => {
    const campaign = await createCampaign(server, manager.token, {
      name: 'No fallback',
      body: 'Hi {{first_name}}, {{City | your town}} and {{ tag2 |  }}',
      audience: AUDIENCE,
    });
    const refused = await publish(campaign.id, true);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MERGE_FIELD_WITHOUT_FALLBACK');
    expect(refused.body.field).toBe('body');
    expect(refused.body.message).toContain('{{first_name}}');
    expect(refused.body.message).toContain('{{tag2}}');
    expect(refused.body.message).not.toContain('City');
    expect((await server.get(`/api/campaigns/${campaign.id}/archive`, { token: agent.token })).body.archive.published).toBe(false);

    const fixed = await server.put(`/api/campaigns/${campaign.id}`, { body: 'Hi {{first_name | friend}}' }, { token: manager.token });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const published = await publish(campaign.id, true);
    expect(published.status).toBe(200);
    expect(published.body.archive).toMatchObject({ published: true, publishedBy: expect.any(String) });
    const audit = await queryRows<{ action: string; actor_id: string }>(
      server.database.db,
      sql`select action, actor_id from audit_log where subject_id = ${campaign.id} and action like 'campaign.archive%'`,
    );
    expect(audit).toEqual([{ action: 'campaign.archive_publish', actor_id: manager.user.id }]);
    expect((await publish(campaign.id, false)).body.archive).toEqual({ published: false, publishedAt: null, publishedBy: null });
  });

  it('needs a session, a manager or administrator, and an existing campaign', async () => {
    const campaign = await createCampaign(server, manager.token, { name: 'Roles', body: 'Hello', audience: AUDIENCE });
    expect((await server.put(`/api/campaigns/${campaign.id}/archive`, { published: true })).status).toBe(401);
    expect((await publish(campaign.id, true, agent.token)).status).toBe(403);
    expect((await publish(campaign.id, true, viewer.token)).status).toBe(403);
    expect((await server.get(`/api/campaigns/${campaign.id}/archive`, { token: viewer.token })).status).toBe(403);
    expect((await publish(MISSING_ID, true)).status).toBe(404);
    const bad = await server.put(`/api/campaigns/${campaign.id}/archive`, { published: 'yes' }, { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('published');
  });
});

describe('the public archive', () => {
  let shown: string;
  beforeAll(async () => {
    shown = (await publishedCampaign('Storm warning', 'Dear {{first_name | neighbour}}, <storm> & wind in {{City|the valley}}.')).id;
  });

  it('shows a launched campaign with its fallbacks and no recipient data', async () => {
    const detail = await server.get(`/api/public/archive/${shown}`);
    expect(detail.status).toBe(200);
    expect(detail.body.entry).toMatchObject({
      id: shown,
      kind: 'campaign',
      title: 'Storm warning',
      body: 'Dear neighbour, <storm> & wind in the valley.',
    });
    const list = await archive();
    expect(list.body.data.map((entry: { id: string }) => entry.id)).toContain(shown);
    expect(JSON.stringify(list.body)).not.toMatch(/Person \d|\+4477/);
  });

  it('hides campaigns not launched or not published, and posts whose date has not come', async () => {
    const draft = await createCampaign(server, manager.token, { name: 'Draft', body: 'Later', audience: AUDIENCE });
    expect((await publish(draft.id, true)).status).toBe(200);
    const unpublished = await createCampaign(server, manager.token, { name: 'Private', body: 'Hush', audience: AUDIENCE });
    await launchCampaign(server, manager.token, unpublished.id);
    const future = (await writePost({ title: 'Next week', body: 'Soon', publishAt: hourFromNow(24) })).body.post.id;
    const ids = (await archive('?limit=100')).body.data.map((entry: { id: string }) => entry.id);
    for (const hidden of [draft.id, unpublished.id, future]) {
      expect(ids).not.toContain(hidden);
      expect((await server.get(`/api/public/archive/${hidden}`)).status).toBe(404);
    }
  });

  it('pages newest first, campaigns and posts together', async () => {
    const older = (await writePost({ title: 'Older post', body: '**Hello**', publishAt: hourFromNow(-48) })).body.post.id;
    const newer = (await writePost({ title: 'Newer post', body: 'Hi', publishAt: hourFromNow(-1 / 60) })).body.post.id;
    const all = await archive('?limit=100');
    const ids: string[] = all.body.data.map((entry: { id: string }) => entry.id);
    expect(all.body.total).toBe(ids.length);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const times = all.body.data.map((entry: { publishedAt: string }) => Date.parse(entry.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await archive('?limit=1&skip=1');
    expect(second.body).toMatchObject({ total: all.body.total, data: [{ id: ids[1] }] });
    const bad = await archive('?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('limit');
    expect((await server.get('/api/public/archive/not-a-uuid')).status).toBe(400);
  });

  it('serves an RSS 2.0 feed with absolute links and escaped text', async () => {
    await writePost({ title: 'Fish & <chips> "today"', body: "It's ]]> here", publishAt: hourFromNow(-1) });
    const feed = await server.get('/api/public/archive/rss');
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = feed.body as string;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<link>https://sms.example.org/frontend-pages/blog</link>');
    expect(xml).toContain(`<link>https://sms.example.org/frontend-pages/blog/detail/${shown}</link>`);
    expect(xml).toContain('<title>Fish &amp; &lt;chips&gt; &quot;today&quot;</title>');
    expect(xml).toContain('<description>It&apos;s ]]&gt; here</description>');
    expect(xml).toContain('Dear neighbour, &lt;storm&gt; &amp; wind in the valley.');
    expect(xml).not.toMatch(/Person \d/);
    // Every element opened is closed, in order.
    const stack: string[] = [];
    for (const [, closing, name, selfClosing] of xml.matchAll(/<(\/?)([a-zA-Z:]+)[^>]*?(\/?)>/g)) {
      if (selfClosing) continue;
      if (closing) expect(stack.pop()).toBe(name);
      else stack.push(name as string);
    }
    expect(stack).toEqual([]);
  });

  it('answers 404 PUBLIC_SITE_OFF everywhere, the feed included, while the site is off', async () => {
    await setSite(false);
    try {
      for (const path of ['/api/public/archive', `/api/public/archive/${shown}`, '/api/public/archive/rss']) {
        const response = await server.get(path);
        expect(response.status, path).toBe(404);
        expect(JSON.stringify(response.body)).toContain('PUBLIC_SITE_OFF');
        expect(JSON.stringify(response.body)).not.toContain('Storm');
      }
    } finally {
      await setSite(true);
    }
  });
});

describe('archive posts (staff)', () => {
  it('lets managers and administrators write, change and delete them, audited', async () => {
    const created = await writePost({ title: '  Open day ', body: '# Welcome\nCome along', publishAt: hourFromNow(-1) });
    expect(created.status).toBe(201);
    expect(created.body.post).toMatchObject({ title: 'Open day', body: '# Welcome\nCome along', authorName: manager.user.name });
    const id = created.body.post.id as string;
    const changed = await server.request('PATCH', `/api/public-site/posts/${id}`, { token: admin.token, body: { title: 'Open days' } });
    expect(changed.status).toBe(200);
    expect(changed.body.post).toMatchObject({ title: 'Open days', body: '# Welcome\nCome along' });
    expect((await server.get(`/api/public/archive/${id}`)).body.entry).toMatchObject({ kind: 'post', title: 'Open days' });
    const listed = await server.get('/api/public-site/posts?limit=100', { token: manager.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((post: { id: string }) => post.id)).toContain(id);
    expect((await server.delete(`/api/public-site/posts/${id}`, { token: manager.token })).status).toBe(204);
    expect((await server.get(`/api/public/archive/${id}`)).status).toBe(404);
    expect((await server.delete(`/api/public-site/posts/${id}`, { token: manager.token })).status).toBe(404);
    const audit = await queryRows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where subject_id = ${id} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['archive_post.create', 'archive_post.update', 'archive_post.delete']);
  });

  it('keeps agents and viewers from editing, and names the bad field', async () => {
    const post = { title: 'Hello', body: 'Text', publishAt: hourFromNow(-1) };
    expect((await server.post('/api/public-site/posts', post)).status).toBe(401);
    expect((await writePost(post, agent.token)).status).toBe(403);
    expect((await writePost(post, viewer.token)).status).toBe(403);
    expect((await server.get('/api/public-site/posts', { token: viewer.token })).status).toBe(403);
    expect((await server.get('/api/public-site/posts', { token: agent.token })).status).toBe(403);
    const id = (await writePost(post)).body.post.id as string;
    expect((await server.request('PATCH', `/api/public-site/posts/${id}`, { token: agent.token, body: { title: 'x' } })).status).toBe(403);
    expect((await server.delete(`/api/public-site/posts/${id}`, { token: agent.token })).status).toBe(403);
    for (const [body, field] of [
      [{ ...post, title: ' ' }, 'title'],
      [{ ...post, body: 'x'.repeat(20_001) }, 'body'],
      [{ ...post, publishAt: 'tomorrow' }, 'publishAt'],
    ] as const) {
      const bad = await writePost(body);
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe(field);
    }
    expect(
      (await server.request('PATCH', `/api/public-site/posts/${MISSING_ID}`, { token: admin.token, body: { title: 'x' } })).status,
    ).toBe(404);
  });
});
