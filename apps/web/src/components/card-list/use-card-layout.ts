import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/**
 * Lists show cards instead of a table below the theme's `sm` breakpoint (600 px): on a phone a
 * table's columns were cut after the third and its rows spread over large uneven gaps.
 */
export function useCardLayout(): boolean {
  const theme = useTheme();
  // noSsr: the first render already knows the width, so a phone never flashes the table.
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
