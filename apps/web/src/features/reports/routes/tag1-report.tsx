import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Tag1Group } from '@sms/contracts/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useTag1Report } from '../../../api/reports/get-tag1-report';
import { RecipientsDrawer } from '../components/recipients-drawer';
import {
  drillDownFilter,
  drillDownForSeries,
  NOT_REPLIED_SERIES,
  OTHER_SERIES,
  tag1Label,
  type DrillDown,
  type Tag1Cell,
} from '../components/report-format';
import { ReportFrame } from '../components/report-frame';
import { ReportLoadState } from '../components/report-load-state';
import { Tag1Chart } from '../components/tag1-chart';
import { Tag1Table } from '../components/tag1-table';

/** /reports/tag1-grouped/:campaignId: recipients, delivery and replies per tag1 value, with the reply words; any figure opens its recipients. */
export default function Tag1ReportPage() {
  const { t } = useTranslation(['reports', 'common']);
  const { campaignId = '' } = useParams();
  const report = useTag1Report(campaignId);
  const [drill, setDrill] = useState<{ filter: DrillDown; title: string } | null>(null);

  if (!report.data) return <ReportLoadState error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const groupName = (tag1: string) => tag1Label(tag1, t('none'));
  const openCell = (group: Tag1Group, cell: Tag1Cell, word?: string) =>
    setDrill({
      filter: drillDownFilter(group.tag1, cell, word),
      title: `${groupName(group.tag1)} · ${cell === 'word' && word ? t('drill.word', { word }) : t(`fields.${cell}`)}`,
    });
  const openBar = (tag1: string, seriesId: string) =>
    setDrill({
      filter: drillDownForSeries(tag1, seriesId),
      title: `${groupName(tag1)} · ${seriesId === NOT_REPLIED_SERIES ? t('fields.notReplied') : seriesId === OTHER_SERIES ? t('fields.replied') : t('drill.word', { word: seriesId })}`,
    });

  return (
    <ReportFrame campaign={data.campaign} kind="tag1-grouped">
      {data.groups.length === 0 ? (
        <Card>
          <CardContent>
            <Typography data-testid="tag1-empty">{t('tag1.empty')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <>
          <Card component="section" aria-labelledby="tag1-table-title" sx={{ mb: 3 }}>
            <CardContent>
              <Typography id="tag1-table-title" variant="h6" component="h2">
                {t('tag1.tableTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t('tag1.tableHint')}
              </Typography>
              <Tag1Table report={data} onOpen={openCell} />
            </CardContent>
          </Card>
          <Card component="section" aria-labelledby="tag1-chart-title">
            <CardContent>
              <Typography id="tag1-chart-title" variant="h6" component="h2">
                {t('tag1.chartTitle')}
              </Typography>
              <Box sx={{ mt: 1 }}>
                <Tag1Chart report={data} onOpen={openBar} />
              </Box>
            </CardContent>
          </Card>
        </>
      )}
      <RecipientsDrawer campaignId={campaignId} drill={drill?.filter ?? null} title={drill?.title ?? ''} onClose={() => setDrill(null)} />
    </ReportFrame>
  );
}
