import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IconMessageCircleBolt } from '@tabler/icons-react';
import { BrandLogo } from '../../../components/brand-logo';
import { useBrand } from '../../../lib/brand/use-brand';

/** The brand's logo (else the app mark), name and description at the top of the centred sign-in card. */
export function AuthBrand() {
  const { appName, description, logoUrl } = useBrand().settings;
  return (
    <Box sx={{ textAlign: 'center', mb: 3 }}>
      {logoUrl ? (
        <BrandLogo maxWidth={380} alt="" sx={{ mx: 'auto', mb: 1.5 }} />
      ) : (
        <Box
          aria-hidden
          sx={{
            width: 52,
            height: 52,
            mx: 'auto',
            mb: 1.5,
            borderRadius: 2.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          <IconMessageCircleBolt size={30} stroke={1.8} />
        </Box>
      )}
      <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
        {appName}
      </Typography>
      <Typography component="p" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {description}
      </Typography>
    </Box>
  );
}
