import { listCampaignsQuerySchema } from '@sms/contracts/campaigns';
import { describe, expect, it } from 'vitest';
import { campaignsApiQuery, campaignsList } from './list-state';

// The list mechanics are tested in lib/list-state; here, what is the campaigns list's own.
describe('campaigns list', () => {
  it('reads statuses from the repeated status parameter, and only real sort fields', () => {
    const state = campaignsList.parse(
      new URLSearchParams('search=%20promo%20&status=paused&status=bogus&status=sending&sort=name&order=asc'),
    );
    expect(state).toEqual({ ...campaignsList.defaults, search: 'promo', statuses: ['sending', 'paused'], sort: 'name', order: 'asc' });
    expect(campaignsList.parse(new URLSearchParams('sort=id&order=up'))).toEqual(campaignsList.defaults);
    expect(campaignsList.toParams({ ...campaignsList.defaults, statuses: ['draft', 'completed'] }).toString()).toBe(
      'status=draft&status=completed',
    );
  });

  it('builds the API query with statuses as a list and no empty search', () => {
    expect(campaignsApiQuery(campaignsList.defaults)).toEqual({ limit: 25, skip: 0, sort: 'createdAt', order: 'desc' });
    const query = campaignsApiQuery({ ...campaignsList.defaults, page: 2, pageSize: 10, search: 'a', statuses: ['sending'] });
    expect(query).toEqual({ limit: 10, skip: 20, sort: 'createdAt', order: 'desc', search: 'a', status: ['sending'] });
    expect(listCampaignsQuerySchema.parse(query)).toEqual(query);
  });
});
