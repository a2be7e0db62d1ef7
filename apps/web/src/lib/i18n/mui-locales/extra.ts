// MUI's labels for the locales beyond the four translated languages (decision 107): one chunk,
// downloaded only when such a locale is chosen, so the four languages' pages do not grow.
export * as core from '@mui/material/locale';
export * as pickers from '@mui/x-date-pickers/locales';
