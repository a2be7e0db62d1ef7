import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export interface EncodingNoticeProps {
  nonGsm: Array<{ char: string; count: number }>;
  lookalikes: number;
  onReplace: () => void;
  disabled?: boolean;
}

/** Why a message is UCS-2: the characters that force it, and a fix when some are look-alikes of GSM ones. */
export function EncodingNotice({ nonGsm, lookalikes, onReplace, disabled }: EncodingNoticeProps) {
  const { t } = useTranslation('campaigns');
  if (nonGsm.length === 0) return null;
  const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return (
    <Alert severity="warning" data-testid="encoding-notice">
      {t('composer.encoding.explain')}
      <Box
        component="ul"
        aria-label={t('composer.encoding.charactersLabel')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, mt: 1, listStyle: 'none' }}
      >
        {nonGsm.map(({ char, count }) => (
          <li key={char}>
            <Chip
              size="small"
              variant="outlined"
              label={count > 1 ? `${displayed(char)} ×${count}` : displayed(char)}
              title={codePoint(char)}
              aria-label={t('composer.encoding.character', { char: displayed(char), code: codePoint(char), amount: count, count })}
            />
          </li>
        ))}
      </Box>
      {lookalikes > 0 && !disabled ? (
        <Button color="inherit" variant="outlined" size="small" onClick={onReplace} sx={{ mt: 1.5 }}>
          {t('composer.encoding.replace', { amount: lookalikes })}
        </Button>
      ) : null}
    </Alert>
  );
}

/** Invisible characters (spaces of other widths, joiners) are shown by their code point instead. */
function displayed(char: string): string {
  return /^[\s\p{Cf}]$/u.test(char) ? `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}` : char;
}
