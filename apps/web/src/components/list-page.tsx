import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { AccessDenied } from './access-denied';
import { NoticeSnackbar } from './notice-snackbar';
import { PageContainer } from './page-container';

export interface ListPageProps {
  /** The feature's namespace: its access-denied text and its notices (`notice.*`). */
  ns: string;
  /** Heading, document title and breadcrumb, translated. */
  title: string;
  description: string;
  /** The list's query error: a 403 shows that the role may not read this list, instead of the page. */
  error: unknown;
  /** Buttons at the right of the header (new, import...). */
  actions?: ReactNode;
  /** Above the divider on the list's card: search and filters. */
  toolbar: ReactNode;
  /** Below it: the server-paged grid. */
  grid: ReactNode;
  /** The card's styles where a page needs its own. */
  cardSx?: SxProps<Theme>;
  /** The page's dialogs and messages. */
  children?: ReactNode;
}

/** The frame of a server-paged list page (users, contacts, campaigns): header, one card with the filters and the grid, the notice a finished action left. */
export function ListPage({ ns, title, description, error, actions, toolbar, grid, cardSx, children }: ListPageProps) {
  if (error instanceof ApiError && error.status === 403) return <AccessDenied ns={ns} />;
  return (
    <PageContainer title={title} description={description} breadcrumbs={[{ label: title }]} actions={actions}>
      <Card sx={cardSx}>
        {toolbar}
        <Divider />
        {grid}
      </Card>
      {children}
      <NoticeSnackbar ns={ns} />
    </PageContainer>
  );
}
