import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme, useThemeProps } from '@mui/material/styles';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** -1 when the server only knows there are more (then `hasNextPage` says whether to offer the next). */
  count: number;
  hasNextPage?: boolean;
  onPage: (page: number, pageSize: number) => void;
}

/** TablePagination's texts, which the theme's locale sets per language (English when it sets none). */
interface PaginationTexts {
  labelRowsPerPage?: string;
  labelDisplayedRows?: (rows: { from: number; to: number; count: number; page: number }) => string;
  getItemAriaLabel?: (type: 'first' | 'last' | 'next' | 'previous') => string;
}

/** The footer's height (one line on a wide screen). */
export const PAGINATION_HEIGHT = 52;

const ENGLISH: Required<PaginationTexts> = {
  labelRowsPerPage: 'Rows per page:',
  labelDisplayedRows: ({ from, to, count }) => `${from}–${to} of ${count !== -1 ? count : `more than ${to}`}`,
  getItemAriaLabel: (type) => `Go to ${type} page`,
};

/**
 * The footer of a server-paged list, the same under the table and under the cards: rows per page
 * (the browser's own select), which rows are shown, previous and next. It reads MUI's
 * TablePagination texts from the theme, so every language keeps its labels; MUI's component
 * itself brought its Select and menu (8.7 KB compressed) to every list for the page-size choice.
 */
export function ListPagination({ page, pageSize, pageSizes, count, hasNextPage = true, onPage }: ListPaginationProps) {
  const theme = useTheme();
  const texts: PaginationTexts = useThemeProps({ props: {}, name: 'MuiTablePagination' });
  const { labelRowsPerPage, labelDisplayedRows, getItemAriaLabel } = { ...ENGLISH, ...texts };
  const selectId = useId();
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = count === -1 ? (page + 1) * pageSize : Math.min(count, (page + 1) * pageSize);
  const last = count === -1 ? !hasNextPage : (page + 1) * pageSize >= count;
  const rtl = theme.direction === 'rtl';
  const Previous = rtl ? IconChevronRight : IconChevronLeft;
  const Next = rtl ? IconChevronLeft : IconChevronRight;

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 3,
        rowGap: 0.5,
        minHeight: PAGINATION_HEIGHT,
        px: 1.5,
        typography: 'body2',
        color: 'text.primary',
      }}
      data-testid="list-pagination"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <label htmlFor={selectId}>{labelRowsPerPage}</label>
        <Box
          component="select"
          id={selectId}
          value={pageSize}
          onChange={(event) => onPage(0, Number((event.target as HTMLSelectElement).value))}
          sx={{
            font: 'inherit',
            color: 'inherit',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            py: 0.5,
            px: 1,
            cursor: 'pointer',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
          }}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Box>
      </Box>
      <Box component="span" aria-live="polite">
        {labelDisplayedRows({ from, to, count, page })}
      </Box>
      <Box sx={{ display: 'flex' }}>
        <IconButton
          aria-label={getItemAriaLabel('previous')}
          title={getItemAriaLabel('previous')}
          disabled={page === 0}
          onClick={() => onPage(page - 1, pageSize)}
        >
          <Previous size={20} aria-hidden />
        </IconButton>
        <IconButton
          aria-label={getItemAriaLabel('next')}
          title={getItemAriaLabel('next')}
          disabled={last}
          onClick={() => onPage(page + 1, pageSize)}
        >
          <Next size={20} aria-hidden />
        </IconButton>
      </Box>
    </Box>
  );
}
