import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Highlighted } from './highlighted';

/** Paragraphs are separated by a blank line; a paragraph whose lines all start with "- " is a list. */
export function answerBlocks(answer: string): Array<{ kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] }> {
  return answer
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n');
      return lines.every((line) => line.startsWith('- '))
        ? { kind: 'list' as const, items: lines.map((line) => line.slice(2)) }
        : { kind: 'paragraph' as const, text: block };
    });
}

/** An answer's text with the search terms highlighted. */
export function FaqAnswer({ answer, terms }: { answer: string; terms: readonly string[] }) {
  return answerBlocks(answer).map((block, index) =>
    block.kind === 'list' ? (
      <Box key={index} component="ul" sx={{ mt: 0, mb: 1.5, ps: 3 }}>
        {block.items.map((item, itemIndex) => (
          <Typography key={itemIndex} component="li" variant="body2" sx={{ mb: 0.75, lineHeight: 1.7 }}>
            <Highlighted text={item} terms={terms} />
          </Typography>
        ))}
      </Box>
    ) : (
      <Typography key={index} variant="body2" sx={{ mb: 1.5, lineHeight: 1.7, whiteSpace: 'pre-line' }}>
        <Highlighted text={block.text} terms={terms} />
      </Typography>
    ),
  );
}
