import Box from '@mui/material/Box';
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fillDigits } from './otp-digits';

export interface OtpInputProps {
  /** The digits typed so far (0-`length` characters). */
  value: string;
  onChange: (value: string) => void;
  /** Called once every box holds a digit (auto-submit). */
  onComplete?: (code: string) => void;
  length?: number;
  disabled?: boolean;
  error?: boolean;
  /** Id of the element that labels the group (the page's instruction). */
  labelledBy?: string;
  /** Puts the cursor in the first empty box when shown. */
  autoFocus?: boolean;
}

/**
 * A one-time code as six boxes: typing moves on, Backspace moves back, arrows move, pasting or
 * an SMS autofill of the whole code fills every box, and a full code calls `onComplete`.
 */
export function OtpInput({ value, onChange, onComplete, length = 6, disabled, error, labelledBy, autoFocus }: OtpInputProps) {
  const { t } = useTranslation('forms');
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  useEffect(() => {
    if (autoFocus && !disabled) focusBox(Math.min(value.length, length - 1));
    // Only when shown or re-enabled: typing moves the focus itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoFocus, disabled]);

  const set = (next: string) => {
    onChange(next);
    if (next.length === length) onComplete?.(next);
  };

  const typed = (index: number, text: string) => {
    const { value: next, cursor } = fillDigits(value, index, text, length);
    set(next);
    focusBox(cursor);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index]) {
      event.preventDefault();
      if (index > 0) {
        onChange(value.slice(0, index - 1));
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
      focusBox(index + ((event.key === 'ArrowRight') !== rtl ? 1 : -1));
    }
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    typed(index, event.clipboardData.getData('text'));
  };

  return (
    <Box
      role="group"
      aria-labelledby={labelledBy}
      data-testid="otp-input"
      dir="ltr"
      sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, justifyContent: 'center' }}
    >
      {Array.from({ length }, (_, index) => (
        <Box
          key={index}
          component="input"
          ref={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          value={value[index] ?? ''}
          onChange={(event) => typed(index, event.currentTarget.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={(event) => paste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('otp.digit', { position: index + 1, total: length })}
          aria-invalid={error || undefined}
          sx={(theme) => ({
            width: { xs: 42, sm: 52 },
            height: { xs: 50, sm: 58 },
            textAlign: 'center',
            fontSize: 24,
            fontWeight: 600,
            fontFamily: 'inherit',
            color: theme.vars.palette.text.primary,
            bgcolor: theme.vars.palette.background.paper,
            border: `1px solid ${error ? theme.vars.palette.error.main : theme.vars.palette.divider}`,
            borderRadius: `${theme.shape.borderRadius}px`,
            outline: 'none',
            '&:focus': { borderColor: theme.vars.palette.primary.main, boxShadow: `0 0 0 2px ${theme.vars.palette.primary.main}` },
            '&:disabled': { opacity: 0.6 },
          })}
        />
      ))}
    </Box>
  );
}
