import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGallerySection } from './gallery-context';

export interface GallerySectionProps {
  /** The section's id in gallery-routes.ts (its anchor and its texts' key). */
  id: string;
  children: ReactNode;
}

/** One section of a gallery page: its heading and what it shows; the section the address names is outlined and scrolled to. */
export function GallerySection({ id, children }: GallerySectionProps) {
  const { t } = useTranslation('design-gallery');
  const active = useGallerySection() === id;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'start' });
  }, [active]);
  return (
    <Card
      component="section"
      ref={ref}
      id={`section-${id}`}
      aria-labelledby={`section-${id}-title`}
      data-active={active ? 'true' : undefined}
      sx={{
        mb: 3,
        scrollMarginTop: 80,
        minWidth: 0,
        ...(active ? { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } : {}),
      }}
    >
      <CardContent>
        <Typography variant="h5" component="h2" id={`section-${id}-title`} sx={{ mb: 0.5 }}>
          {t(`sections.${id}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t(`sections.${id}.description`)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
