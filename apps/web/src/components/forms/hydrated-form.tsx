import Box, { type BoxProps } from '@mui/material/Box';
import { useHydrated } from '../../lib/server-rendering/use-hydrated';

/**
 * A form of a page the server rendered (decision 097): its fields and buttons are held (a disabled
 * fieldset) until React runs. Before, the server's HTML would take typing React never sees and
 * submit as a plain form, a reload that loses the text. Rendered in the browser alone, it is open at once.
 */
export function HydratedForm({ children, ...props }: Omit<BoxProps<'form'>, 'component'>) {
  const hydrated = useHydrated();
  return (
    <Box component="form" {...props}>
      <Box component="fieldset" disabled={!hydrated} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}
