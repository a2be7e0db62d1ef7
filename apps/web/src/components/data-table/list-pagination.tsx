import TablePagination from '@mui/material/TablePagination';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** -1 when the server only knows there are more (then `hasNextPage` says whether to offer the next). */
  count: number;
  hasNextPage?: boolean;
  onPage: (page: number, pageSize: number) => void;
}

/** The footer of a server-paged list, the same under the table and under the cards (texts from the theme's locale). */
export function ListPagination({ page, pageSize, pageSizes, count, hasNextPage = true, onPage }: ListPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_, next) => onPage(next, pageSize)}
      onRowsPerPageChange={(event) => onPage(0, Number(event.target.value))}
      slotProps={count === -1 && !hasNextPage ? { actions: { nextButton: { disabled: true } } } : undefined}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 1.5 } }}
    />
  );
}
