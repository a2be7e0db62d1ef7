import { CAMPAIGN_SORT_FIELDS, CAMPAIGN_STATUSES, type ListCampaignsQuery } from '@sms/contracts/campaigns';
import { defineList } from '../../../lib/list-state/define-list';
import { sortedPageQuery, withoutEmpty } from '../../../lib/list-state/list-state';
import { choicesField, textField } from '../../../lib/list-state/url-fields';

/** What the campaigns list shows, kept in the URL (`?status=sending&status=paused&search=…`). */
export const campaignsList = defineList({
  pageSize: 25,
  filters: { search: textField(200), statuses: choicesField(CAMPAIGN_STATUSES, 'status') },
  sort: { fields: CAMPAIGN_SORT_FIELDS, sort: 'createdAt', order: 'desc' },
});
export type CampaignsListState = ReturnType<typeof campaignsList.parse>;

/** The GET /api/campaigns query for a list state (statuses as a list). */
export const campaignsApiQuery = (state: CampaignsListState): ListCampaignsQuery => ({
  ...sortedPageQuery(state),
  ...withoutEmpty({ search: state.search, status: state.statuses }),
});
