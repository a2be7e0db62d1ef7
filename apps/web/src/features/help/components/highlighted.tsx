import Box from '@mui/material/Box';
import { highlightParts } from './faq-search';

/** `text` with the search terms marked (<mark>), accents and case ignored. */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return highlightParts(text, terms).map((part, index) =>
    part.match ? (
      <Box key={index} component="mark" sx={{ bgcolor: 'warning.light', color: 'inherit', borderRadius: 0.5, px: 0.25 }}>
        {part.text}
      </Box>
    ) : (
      part.text
    ),
  );
}
