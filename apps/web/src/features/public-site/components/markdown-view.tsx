import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { parseMarkdown, type Inline } from '@sms/contracts/markdown';

function InlineText({ parts }: { parts: Inline[] }) {
  return parts.map((part, index) => {
    if (part.kind === 'strong') return <strong key={index}>{part.text}</strong>;
    if (part.kind === 'em') return <em key={index}>{part.text}</em>;
    if (part.kind === 'link')
      return (
        <Link key={index} href={part.href} rel="noopener noreferrer nofollow" target="_blank">
          {part.text}
        </Link>
      );
    if (part.kind === 'image')
      return (
        <Box
          key={index}
          component="img"
          src={part.src}
          alt={part.alt}
          loading="lazy"
          sx={{ display: 'block', maxWidth: '100%', height: 'auto', my: 1.5, borderRadius: 1 }}
        />
      );
    return <span key={index}>{part.text}</span>;
  });
}

/** An administrator's Markdown text, rendered as elements (never as HTML). */
export function MarkdownView({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Box sx={{ '& > *:first-of-type': { mt: 0 } }}>
      {blocks.map((block, index) => {
        if (block.kind === 'heading')
          return (
            <Typography
              key={index}
              component={`h${block.level}`}
              variant={block.level === 2 ? 'h4' : block.level === 3 ? 'h5' : 'h6'}
              sx={{ mt: 3, mb: 1 }}
            >
              <InlineText parts={block.inline} />
            </Typography>
          );
        if (block.kind === 'list')
          return (
            <Box key={index} component="ul" sx={{ pl: 3, my: 1.5 }}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <Typography component="span">
                    <InlineText parts={item} />
                  </Typography>
                </li>
              ))}
            </Box>
          );
        return (
          <Typography key={index} sx={{ my: 1.5 }}>
            <InlineText parts={block.inline} />
          </Typography>
        );
      })}
    </Box>
  );
}
