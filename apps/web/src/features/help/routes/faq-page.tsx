import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { FAQ_ENTRIES, FAQ_SECTIONS, faqValues } from '../components/faq-content';
import { FaqEntry, type FaqEntryText } from '../components/faq-entry';
import { queryTerms, searchFaq } from '../components/faq-search';
import { faqTableText } from '../components/faq-tables';
import { useDebounced } from '../../../lib/use-debounced';
import { InputField } from '../../../components/forms/input-field';

const SEARCH_MAX = 100;

/**
 * /pages/faq: help entries in the interface language, searched as you type (?q= in the URL), each
 * with an anchor (/pages/faq#<id>) that opens it; numbers come from the platform's own rules.
 */
export default function FaqPage() {
  const { t } = useTranslation(['help', 'common']);
  const { language } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const [text, setText] = useState(query);
  const typed = useDebounced(text, 200);
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [copied, setCopied] = useState(false);

  // The URL follows what is typed (replace: typing is not history).
  useEffect(() => {
    if (typed.trim() === query) return;
    setSearchParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true });
    setClosed(new Set());
  }, [typed, query, setSearchParams]);

  const entries = useMemo<FaqEntryText[]>(() => {
    const values = faqValues(language);
    return FAQ_ENTRIES.map((entry) => {
      const answer = t(`entries.${entry.id}.a`, values);
      const table = entry.table ? faqTableText(entry.table, t) : null;
      return {
        ...entry,
        question: t(`entries.${entry.id}.q`, values),
        answer,
        table,
        body: [answer, ...(table?.rows.flat() ?? [])].join('\n'),
      };
    });
  }, [t, language]);

  const terms = queryTerms(query);
  const searching = terms.length > 0;
  const matches = searchFaq(entries, query);

  // A deep link (#id) opens its entry and brings it into view, again once it has opened (the
  // page only then has room to scroll it to the top).
  const anchor = decodeURIComponent(location.hash.slice(1));
  const reveal = (id: string) => document.getElementById(id)?.scrollIntoView({ block: 'start' });
  useEffect(() => {
    if (!anchor || !FAQ_ENTRIES.some((entry) => entry.id === anchor)) return;
    setOpened((current) => new Set(current).add(anchor));
    const frame = requestAnimationFrame(() => reveal(anchor));
    return () => cancelAnimationFrame(frame);
  }, [anchor]);

  // While searching, matches start open (the user may close them); otherwise entries start closed.
  const isOpen = (id: string) => (searching ? !closed.has(id) : opened.has(id));
  const toggle = (id: string) => {
    const flip = (set: ReadonlySet<string>) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    };
    if (searching) setClosed(flip);
    else setOpened(flip);
  };
  const copyLink = (id: string) => {
    void navigate({ hash: id, search: location.search }, { replace: true });
    void navigator.clipboard?.writeText(`${window.location.origin}${paths.pages.faq}#${id}`).then(
      () => setCopied(true),
      () => undefined,
    );
  };

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <InputField
            fullWidth
            type="search"
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{
              htmlInput: { maxLength: SEARCH_MAX },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <IconSearch size={18} aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box role="status" aria-live="polite" sx={{ mt: searching ? 1.5 : 0 }}>
            {searching ? (
              matches.length > 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('search.results', { count: matches.length, query })}
                </Typography>
              ) : (
                <Alert
                  severity="info"
                  action={
                    <Button color="inherit" size="small" onClick={() => setText('')}>
                      {t('search.clear')}
                    </Button>
                  }
                >
                  {t('search.none', { query })}
                </Alert>
              )
            ) : null}
          </Box>
        </CardContent>
      </Card>
      {FAQ_SECTIONS.map((section) => {
        const shown = matches.filter((entry) => entry.section === section);
        if (shown.length === 0) return null;
        return (
          <Box key={section} component="section" aria-labelledby={`faq-section-${section}`} sx={{ mb: 4 }}>
            <Typography id={`faq-section-${section}`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
              {t(`sections.${section}`)}
            </Typography>
            {shown.map((entry) => (
              <FaqEntry
                key={entry.id}
                entry={entry}
                terms={terms}
                expanded={isOpen(entry.id)}
                onToggle={() => toggle(entry.id)}
                onCopyLink={() => copyLink(entry.id)}
                onOpened={entry.id === anchor ? () => reveal(anchor) : undefined}
              />
            ))}
          </Box>
        );
      })}
      <Snackbar open={copied} autoHideDuration={3000} onClose={() => setCopied(false)} message={t('linkCopied')} />
    </PageContainer>
  );
}
