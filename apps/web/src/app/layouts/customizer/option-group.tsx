import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

export interface Option<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
}

/** A labelled single-choice row of the customizer. */
export function OptionGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Option<T>[];
  onChange: (value: T) => void;
}) {
  const labelId = useId();
  return (
    <>
      <Typography id={labelId} variant="h6" component="h3" sx={{ mt: 3, mb: 1.5 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        aria-labelledby={labelId}
        value={value}
        onChange={(_event, next: T | null) => {
          if (next !== null) onChange(next);
        }}
        sx={{ gap: 1.5, '& .MuiToggleButton-root': { border: 1, borderColor: 'divider', borderRadius: 1, py: 1.5 } }}
      >
        {options.map((option) => (
          <ToggleButton
            key={option.value}
            value={option.value}
            sx={{ gap: 1, textTransform: 'none', '&.Mui-selected': { color: 'textColor.primary', bgcolor: 'primary.light' } }}
          >
            {option.icon}
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </>
  );
}
