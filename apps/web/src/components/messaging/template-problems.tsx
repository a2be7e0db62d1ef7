import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { TemplateProblem } from '@sms/contracts/message-template';
import { useTranslation } from 'react-i18next';

/** Translation key of a problem message of parseTemplate (English text shown as is when unknown). */
export function problemKey(message: string): string | null {
  if (message.startsWith('Merge field is not closed')) return 'notClosed';
  if (message.startsWith('Merge field has no name')) return 'noName';
  if (message.startsWith('Merge field name must be at most')) return 'tooLong';
  if (message.startsWith('Merge field name must not contain')) return 'badCharacters';
  return null;
}

/** Malformed merge tags, each with the text it starts at; they would be sent as typed. */
export function TemplateProblems({ body, problems }: { body: string; problems: TemplateProblem[] }) {
  const { t } = useTranslation('campaigns');
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" data-testid="template-problems">
      {t('composer.problems.title')}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {problems.map((problem) => {
          const key = problemKey(problem.message);
          const excerpt = body.slice(problem.start, Math.min(problem.end, problem.start + 30));
          return (
            <li key={`${problem.start}-${problem.end}`}>
              <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {excerpt}
              </Box>
              {' — '}
              {key ? t(`composer.problems.${key}`, { open: '{{', close: '}}', max: 64 }) : problem.message}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
