import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Tag1Group, Tag1Report } from '@sms/contracts/reports';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { tag1Label, type Tag1Cell } from './report-format';
import { useReportFormat } from './use-report-format';

const COUNT_CELLS: Array<Exclude<Tag1Cell, 'word'>> = ['recipients', 'delivered', 'failed', 'replied', 'notReplied'];

export interface Tag1TableProps {
  report: Tag1Report;
  /** A count or a reply word was chosen: show the recipients behind it. */
  onOpen: (group: Tag1Group, cell: Tag1Cell, word?: string) => void;
}

/** One row per tag1 value with its counts (each opens the recipients behind it), response rate, opt-outs in answer and reply words. */
export function Tag1Table({ report, onOpen }: Tag1TableProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const none = t('none');
  const cards = useCardLayout();
  const countButton = (group: Tag1Group, cell: Exclude<Tag1Cell, 'word'>) => {
    const n = group[cell];
    if (n === 0) return format.count(0);
    return (
      <Link
        component="button"
        type="button"
        underline="hover"
        onClick={() => onOpen(group, cell)}
        aria-label={t('tag1.openCell', { cell: t(`fields.${cell}`), n: format.count(n), group: tag1Label(group.tag1, none) })}
        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
        data-testid={`cell-${cell}`}
      >
        {format.count(n)}
      </Link>
    );
  };
  const groupTitle = (group: Tag1Group) =>
    group.tag1 === '' ? (
      <Typography component="span" color="text.secondary" sx={{ fontStyle: 'italic', fontSize: 'inherit' }}>
        {none}
      </Typography>
    ) : (
      <bdi>{group.tag1}</bdi>
    );
  if (cards) {
    // On a phone: one card per tag1 value with the same counts, links and words (the table's columns were cut).
    return (
      <CardList<Tag1Group>
        testId="tag1-cards"
        label={t('kinds.tag1-grouped')}
        rows={report.groups}
        rowKey={(group) => group.tag1}
        title={groupTitle}
        fields={[
          ...COUNT_CELLS.map((cell) => ({ key: cell, label: t(`fields.${cell}`), render: (group: Tag1Group) => countButton(group, cell) })),
          { key: 'responseRate', label: t('fields.responseRate'), render: (group: Tag1Group) => format.percent(group.responseRate) },
          { key: 'optedOut', label: t('fields.optedOut'), render: (group: Tag1Group) => format.count(group.optedOut) },
          {
            key: 'words',
            label: t('fields.replyWords'),
            render: (group: Tag1Group) => (
              <WordsBreakdown words={group} onOpen={(word) => onOpen(group, 'word', word)} groupName={tag1Label(group.tag1, none)} />
            ),
          },
        ]}
      />
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-labelledby="tag1-table-title" data-testid="tag1-table">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('fields.tag1')}
            </TableCell>
            {COUNT_CELLS.map((cell) => (
              <TableCell key={cell} component="th" scope="col" align="right">
                {t(`fields.${cell}`)}
              </TableCell>
            ))}
            <TableCell component="th" scope="col" align="right">
              {t('fields.responseRate')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('fields.optedOut')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('fields.replyWords')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.groups.map((group) => (
            <TableRow key={group.tag1} hover data-testid="tag1-row" data-tag1={group.tag1}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {groupTitle(group)}
              </TableCell>
              {COUNT_CELLS.map((cell) => (
                <TableCell key={cell} align="right">
                  {countButton(group, cell)}
                </TableCell>
              ))}
              <TableCell align="right" data-testid="cell-responseRate">
                {format.percent(group.responseRate)}
              </TableCell>
              <TableCell align="right" data-testid="cell-optedOut">
                {format.count(group.optedOut)}
              </TableCell>
              <TableCell data-testid="cell-words">
                <WordsBreakdown words={group} onOpen={(word) => onOpen(group, 'word', word)} groupName={tag1Label(group.tag1, none)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="tag1-totals">
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
              {t('tag1.total')}
            </TableCell>
            {COUNT_CELLS.map((cell) => (
              <TableCell key={cell} align="right" sx={{ fontWeight: 700 }}>
                {format.count(report.totals[cell])}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {format.percent(report.totals.responseRate)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="tag1-total-optedOut">
              {format.count(report.totals.optedOut)}
            </TableCell>
            <TableCell>
              <WordsBreakdown words={report.totals} />
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** "YES 120 · NO 14 · other 9": each word a link to its recipients when `onOpen` is given (kept in reading order in right-to-left text). */
function WordsBreakdown({
  words,
  onOpen,
  groupName,
}: {
  words: Pick<Tag1Group, 'replied' | 'replyWords' | 'other'>;
  onOpen?: (word: string) => void;
  groupName?: string;
}) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  if (words.replied === 0) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('tag1.noReplies')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', alignItems: 'baseline' }} component="span">
      {words.replyWords.map((word, index) => (
        <span key={word.word}>
          {index > 0 ? <span aria-hidden> · </span> : null}
          {onOpen ? (
            <Link
              component="button"
              type="button"
              underline="hover"
              onClick={() => onOpen(word.word)}
              aria-label={t('tag1.openWord', { word: word.word, n: format.count(word.n), group: groupName ?? '' })}
              data-testid="word-link"
              data-word={word.word}
            >
              <bdi>{word.word}</bdi> {format.count(word.n)}
            </Link>
          ) : (
            <>
              <bdi>{word.word}</bdi> {format.count(word.n)}
            </>
          )}
        </span>
      ))}
      {words.other > 0 ? (
        <span>
          {words.replyWords.length > 0 ? <span aria-hidden> · </span> : null}
          {t('tag1.other')} {format.count(words.other)}
        </span>
      ) : null}
    </Stack>
  );
}
