import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { IconChevronDown, IconLink, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { FaqAnswer } from './faq-answer';
import type { FaqEntryDef } from './faq-content';
import type { FaqTableText } from './faq-tables';
import { FaqTableView } from './faq-table-view';
import { Highlighted } from './highlighted';

/** An entry with its texts resolved in the current language. */
export interface FaqEntryText extends Omit<FaqEntryDef, 'table'> {
  question: string;
  answer: string;
  /** The reference table under the answer, resolved. */
  table: FaqTableText | null;
  /** Everything but the question, as plain text, for the search. */
  body: string;
}

export interface FaqEntryProps {
  entry: FaqEntryText;
  terms: readonly string[];
  expanded: boolean;
  onToggle: () => void;
  onCopyLink: () => void;
  /** Called once the answer has finished opening (the page is then as tall as it will be). */
  onOpened?: () => void;
}

/** One question: an accordion whose anchor (#id) deep-links to it, with the terms highlighted. */
export function FaqEntry({ entry, terms, expanded, onToggle, onCopyLink, onOpened }: FaqEntryProps) {
  const { t } = useTranslation('help');
  const summaryId = `${entry.id}-question`;
  return (
    <Accordion
      id={entry.id}
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      sx={{ scrollMarginTop: 96 }}
      data-testid={`faq-${entry.id}`}
      slotProps={{ transition: { onEntered: onOpened } }}
    >
      <AccordionSummary expandIcon={<IconChevronDown size={20} aria-hidden />} id={summaryId} aria-controls={`${entry.id}-answer`}>
        {/* The accordion already wraps its summary in an h3. */}
        <Typography component="span" sx={{ fontWeight: 600 }}>
          <Highlighted text={entry.question} terms={terms} />
        </Typography>
      </AccordionSummary>
      {/* The accordion's own region (id = aria-controls, labelled by the summary) wraps the details. */}
      <AccordionDetails>
        <FaqAnswer answer={entry.answer} terms={terms} />
        {entry.table ? <FaqTableView table={entry.table} label={entry.question} terms={terms} /> : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          {entry.link === 'roles' ? (
            <Button component={RouterLink} to={paths.pages.roles} size="small" variant="outlined" startIcon={<IconShieldCheck size={18} />}>
              {t('openRoles')}
            </Button>
          ) : null}
          <Button
            size="small"
            href={`#${entry.id}`}
            onClick={(event) => {
              event.preventDefault();
              onCopyLink();
            }}
            startIcon={<IconLink size={18} />}
          >
            {t('copyLink')}
          </Button>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
