import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ThreadMessage } from '@sms/contracts/inbox';
import { useTranslation } from 'react-i18next';
import { KeywordRuleResults } from '../../../components/keyword-rule-results';
import { useLanguage } from '../../../lib/i18n/use-language';
import { shortTime } from './contact-display';
import { StatusTick } from './status-tick';

/**
 * One message: the contact's on the start side, ours on the end side (flex alignment follows the
 * page direction, so bubbles mirror in Arabic), with campaign or kind label, time and status.
 */
export function MessageBubble({ message }: { message: ThreadMessage }) {
  const { t } = useTranslation('inbox');
  const { language } = useLanguage();
  const out = message.direction === 'out';
  const label = message.campaignName
    ? t('thread.campaign', { name: message.campaignName })
    : message.kind && message.kind !== 'reply'
      ? t(`kinds.${message.kind}`)
      : null;
  return (
    <Box
      component="li"
      data-testid="message-bubble"
      data-direction={message.direction}
      sx={{
        listStyle: 'none',
        alignSelf: out ? 'flex-end' : 'flex-start',
        maxWidth: { xs: '88%', sm: '72%' },
        display: 'flex',
        flexDirection: 'column',
        alignItems: out ? 'flex-end' : 'flex-start',
      }}
    >
      {label ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 1, mb: 0.25 }}>
          {label}
        </Typography>
      ) : null}
      {/* The time and status sit inside the bubble, after the text: a thread shows twice as many messages. */}
      <Box
        sx={{
          px: 1.5,
          py: 0.5,
          borderRadius: 2.5,
          ...(out ? { borderEndEndRadius: 4 } : { borderEndStartRadius: 4 }),
          bgcolor: out ? 'primary.main' : 'action.selected',
          color: out ? 'primary.contrastText' : 'text.primary',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          columnGap: 1,
        }}
      >
        <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }} dir="auto">
          {message.body}
        </Typography>
        <Typography
          variant="caption"
          sx={{ marginInlineStart: 'auto', display: 'inline-flex', gap: 0.75, alignItems: 'center', color: 'inherit' }}
        >
          <time dateTime={message.at}>{shortTime(message.at, language)}</time>
          {out && message.status ? <StatusTick status={message.status} /> : null}
        </Typography>
      </Box>
      {message.ruleApplications?.length ? <KeywordRuleResults applications={message.ruleApplications} /> : null}
    </Box>
  );
}
