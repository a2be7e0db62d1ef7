import type { Components, Theme } from '@mui/material/styles';

/** Modernize-like card shadow (spec: cards get a shadow unless the customizer picks a border). */
export const CARD_SHADOW = 'rgb(145 158 171 / 30%) 0px 0px 2px 0px, rgb(145 158 171 / 12%) 0px 12px 24px -4px';
/** The same depth on the dark background, where a grey glow would look like a halo. */
export const CARD_SHADOW_DARK = 'rgb(0 0 0 / 35%) 0px 0px 2px 0px, rgb(0 0 0 / 30%) 0px 12px 24px -4px';

const SEVERITIES = ['success', 'info', 'warning', 'error'] as const;

/**
 * Component defaults. Theme colours such as #5D87FF are too light for text on white, so
 * anything that draws a theme colour as text uses `palette.textColor.*` (4.5:1) instead.
 */
export function componentOverrides({ cardShadow }: { cardShadow: boolean }): Components<Omit<Theme, 'components'>> {
  const textVariants = (['primary', 'secondary', 'error', 'success', 'info', 'warning'] as const).flatMap((color) =>
    (['text', 'outlined'] as const).map((variant) => ({
      props: { variant, color },
      style: ({ theme }: { theme: Theme }) => ({ color: theme.vars.palette.textColor[color] }),
    })),
  );
  return {
    MuiCssBaseline: {
      styleOverrides: { body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' } },
    },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: theme.shape.borderRadius,
          boxShadow: cardShadow ? CARD_SHADOW : 'none',
          border: cardShadow ? '1px solid transparent' : `1px solid ${theme.vars.palette.divider}`,
          ...(cardShadow ? theme.applyStyles('dark', { boxShadow: CARD_SHADOW_DARK }) : {}),
        }),
      },
    },
    MuiCardContent: { styleOverrides: { root: { padding: 24, '&:last-child': { paddingBottom: 24 } } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600, variants: textVariants } },
    },
    MuiLink: {
      defaultProps: { color: 'textColor.primary' },
      // Links and clickable figures read as links whatever the brand colour (a dark primary looks
      // like bold text otherwise): always underlined, the line stronger on hover.
      styleOverrides: {
        root: {
          '&.MuiLink-underlineHover': {
            textDecoration: 'underline',
            textDecorationThickness: '1px',
            textUnderlineOffset: '0.2em',
            textDecorationColor: 'color-mix(in srgb, currentColor 45%, transparent)',
            '&:hover': { textDecorationColor: 'currentColor' },
          },
        },
      },
    },
    MuiFormLabel: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focused': { color: theme.vars.palette.textColor.primary },
          '&.Mui-error': { color: theme.vars.palette.textColor.error },
        }),
      },
    },
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-error': { color: theme.vars.palette.textColor.error } }) },
    },
    MuiTab: {
      styleOverrides: {
        root: ({ theme }) => ({ textTransform: 'none', '&.Mui-selected': { color: theme.vars.palette.textColor.primary } }),
      },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
    // The grid renders a <style> tag with its CSS variables: it needs the CSP nonce.
    // Standard alerts on the theme's tinted surfaces, with readable text in both modes.
    MuiAlert: {
      styleOverrides: {
        root: {
          variants: SEVERITIES.map((severity) => ({
            props: { variant: 'standard', severity },
            style: ({ theme }: { theme: Theme }) => ({
              backgroundColor: theme.vars.palette[severity].light,
              color: theme.vars.palette.text.primary,
              '& .MuiAlert-icon': { color: theme.vars.palette.textColor[severity] },
            }),
          })),
        },
      },
    },
    MuiListItemButton: { styleOverrides: { root: ({ theme }) => ({ borderRadius: theme.shape.borderRadius }) } },
  };
}
