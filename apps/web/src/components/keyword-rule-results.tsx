import Typography from '@mui/material/Typography';
import type { KeywordRuleApplication, KeywordRuleResult } from '@sms/contracts/keyword-rules';
import { useTranslation } from 'react-i18next';

/** One result of a rule on a reply, in words: "tagged vip (tag1) by rule “VIP”" (codes stored by the server, decision 104). */
export function useKeywordRuleResultText(): (result: KeywordRuleResult, rule: string) => string {
  const { t } = useTranslation('keyword-rules');
  return (result, rule) => t(`result.${result.code}`, { ...result.params, rule });
}

/**
 * What keyword rules did to a reply, one line per action (the inbox's thread, the rules' test
 * box). `testId` marks each line for browser tests.
 */
export function KeywordRuleResults({ applications, align = 'start' }: { applications: KeywordRuleApplication[]; align?: 'start' | 'end' }) {
  const text = useKeywordRuleResultText();
  return (
    <Typography
      component="ul"
      variant="caption"
      color="text.secondary"
      data-testid="keyword-rule-results"
      sx={{ listStyle: 'none', m: 0, px: 1, mt: 0.25, textAlign: align }}
    >
      {applications.flatMap((application) =>
        application.results.map((result, index) => (
          <li key={`${application.ruleId}-${index}`} dir="auto">
            {text(result, application.ruleName)}
          </li>
        )),
      )}
    </Typography>
  );
}
