import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_BRAND } from '@sms/contracts/brand';
import { IconMessageCircleBolt } from '@tabler/icons-react';

/** App mark, name and description at the top of the centred sign-in card. */
export function AuthBrand() {
  return (
    <Box sx={{ textAlign: 'center', mb: 3 }}>
      <Box
        aria-hidden
        sx={{ width: 52, height: 52, mx: 'auto', mb: 1.5, borderRadius: 2.5, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <IconMessageCircleBolt size={30} stroke={1.8} />
      </Box>
      <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
        {DEFAULT_BRAND.appName}
      </Typography>
      <Typography component="p" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {DEFAULT_BRAND.description}
      </Typography>
    </Box>
  );
}
