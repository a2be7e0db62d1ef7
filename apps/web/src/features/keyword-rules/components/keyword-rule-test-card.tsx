import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTestKeywordRules } from '../../../api/keyword-rules/test-keyword-rules';
import { InputField } from '../../../components/forms/input-field';
import { KeywordRuleResults } from '../../../components/keyword-rule-results';
import { errorMessage } from '../../../lib/api-client';

/** "What would happen to this reply": the server runs the inbound processing's matching without writing anything. */
export function KeywordRuleTestCard() {
  const { t } = useTranslation('keyword-rules');
  const titleId = useId();
  const test = useTestKeywordRules();
  const [text, setText] = useState('');
  const [optedOut, setOptedOut] = useState(false);
  const outcome = test.data;
  return (
    <Card>
      <CardContent>
        <Box
          component="form"
          noValidate
          aria-labelledby={titleId}
          data-testid="keyword-rule-test"
          onSubmit={(event) => {
            event.preventDefault();
            test.mutate({ text, optedOut });
          }}
        >
          <Typography id={titleId} variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {t('test.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('test.description')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <InputField
              label={t('test.text')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              size="small"
              sx={{ flex: 1 }}
            />
            <FormControlLabel
              control={<Checkbox checked={optedOut} onChange={(event) => setOptedOut(event.target.checked)} />}
              label={t('test.optedOut')}
            />
            <Box>
              <Button type="submit" variant="outlined" disabled={test.isPending}>
                {t('test.run')}
              </Button>
            </Box>
          </Stack>
          <Box aria-live="polite" sx={{ mt: 2 }} data-testid="keyword-rule-test-outcome">
            {test.isError ? <Alert severity="error">{errorMessage(test.error)}</Alert> : null}
            {outcome ? (
              outcome.keyword === 'optOut' ? (
                <Alert severity="info">{t('test.optOut')}</Alert>
              ) : outcome.applications.length === 0 ? (
                <Typography color="text.secondary">{t('test.none')}</Typography>
              ) : (
                <KeywordRuleResults applications={outcome.applications} />
              )
            ) : null}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
