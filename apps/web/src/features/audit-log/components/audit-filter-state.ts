import type { AuditLogFilter, AuditLogQuery } from '@sms/contracts/audit-log';
import { defineList } from '../../../lib/list-state/define-list';
import { pageQuery, type PageState } from '../../../lib/list-state/list-state';

/** The audit tab's filters as the form holds them ('' = no filter). */
export interface AuditFilterState {
  /** A user id, with the name shown in the actor box. */
  actor: { id: string; label: string } | null;
  action: string;
  subject: string;
  /** Local calendar dates (YYYY-MM-DD) from the date inputs. */
  from: string;
  to: string;
  search: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilterState = { actor: null, action: '', subject: '', from: '', to: '', search: '' };

/** The audit grid's paging (newest first; it does not sort); the filters above are the form's. */
export const auditList = defineList({ pageSize: 25, pageSizes: [25, 50, 100] });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight at the start of a local calendar date, or of the day after it (`next`), as an ISO instant. */
export function localDayBound(date: string, next = false): string | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const [, year, month, day] = match;
  return new Date(Number(year), Number(month) - 1, Number(day) + (next ? 1 : 0)).toISOString();
}

/**
 * The API filter for the form: dates are the user's local days (from its first instant to the
 * last millisecond of `to`), empty fields are left out.
 */
export function auditFilter(state: AuditFilterState): AuditLogFilter {
  const filter: AuditLogFilter = {};
  if (state.actor) filter.actor = state.actor.id;
  if (state.action.trim()) filter.action = state.action.trim();
  if (state.subject) filter.subject = state.subject as AuditLogFilter['subject'];
  const from = localDayBound(state.from);
  if (from) filter.from = from;
  const dayAfter = localDayBound(state.to, true);
  if (dayAfter) filter.to = new Date(Date.parse(dayAfter) - 1).toISOString();
  if (state.search.trim()) filter.search = state.search.trim();
  return filter;
}

/** The list query for a page of the grid. */
export function auditQuery(state: AuditFilterState, page: PageState): AuditLogQuery {
  return { ...auditFilter(state), ...pageQuery(page) };
}

/** Whether any filter is set (for the "clear filters" button and the empty state). */
export function isFiltered(state: AuditFilterState): boolean {
  return Boolean(state.actor || state.action.trim() || state.subject || state.from || state.to || state.search.trim());
}

/** The i18n key of an action's label ('brand.logo.upload' -> 'actions.brand_logo_upload'). */
export const actionLabelKey = (action: string): string => `actions.${action.replaceAll('.', '_')}`;
