import { contrastTextFor } from './brand-palette';
import { hexChannels, ON_BACKGROUND } from './design-tokens';
import type { SchemePalette } from './palettes';

/**
 * The CSS variables of one colour scheme that the sign-in page's own styles read, under the names
 * MUI's theme gives them (`cssVarPrefix: 'sms'`): in the app MUI defines them, and the sign-in
 * entry, which has no MUI (decision 071), defines the same ones from the same palette.
 */
export function schemeVariables(palette: SchemePalette, borderRadius: number): Record<`--sms-${string}`, string> {
  return {
    '--sms-palette-primary-main': palette.primary.main,
    '--sms-palette-primary-dark': palette.primary.dark,
    '--sms-palette-primary-light': palette.primary.light,
    '--sms-palette-primary-contrastText': contrastTextFor(palette.primary.main),
    '--sms-palette-secondary-light': palette.secondary.light,
    '--sms-palette-background-default': palette.background.default,
    '--sms-palette-background-paper': palette.background.paper,
    '--sms-palette-text-primary': palette.text.primary,
    '--sms-palette-text-secondary': palette.text.secondary,
    '--sms-palette-divider': palette.divider,
    '--sms-palette-error-main': palette.error.main,
    '--sms-palette-error-light': palette.error.light,
    '--sms-palette-info-light': palette.info.light,
    '--sms-palette-textColor-primary': palette.textColor.primary,
    '--sms-palette-textColor-error': palette.textColor.error,
    '--sms-palette-textColor-info': palette.textColor.info,
    '--sms-palette-common-onBackgroundChannel': hexChannels(ON_BACKGROUND[palette.mode]),
    '--sms-shape-borderRadius': `${borderRadius}px`,
  };
}
