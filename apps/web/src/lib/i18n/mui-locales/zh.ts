// One language's MUI component labels per file, so each loads alone with its language.
export { zhCN as muiLocale } from '@mui/material/locale';
