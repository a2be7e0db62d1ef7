import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import type { Gateway } from '@sms/contracts/gateways';
import { IconPencil, IconPlugConnected, IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardList, type CardAction } from '../../../components/card-list/card-list';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { useLanguage } from '../../../lib/i18n/use-language';
import { GatewayLinkCell } from './gateway-link-cell';
import type { GatewayRowProps } from './gateway-row';

export interface GatewayCardsProps extends Pick<GatewayRowProps, 'canEdit' | 'busy'> {
  gateways: readonly Gateway[];
  onTest: (gateway: Gateway) => void;
  onEdit: (gateway: Gateway) => void;
  onToggle: (gateway: Gateway, enabled: boolean) => void;
  onMakeDefault: (gateway: Gateway) => void;
  onDelete: (gateway: Gateway) => void;
}

/** The gateways on a phone: one card each, with the table row's values and actions, and no sideways scrolling. */
export function GatewayCards({ gateways, canEdit, busy, onTest, onEdit, onToggle, onMakeDefault, onDelete }: GatewayCardsProps) {
  const { t } = useTranslation('gateways');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const actions = (gateway: Gateway): CardAction[] => [
    {
      key: 'test',
      label: t('actions.test', { name: gateway.name }),
      icon: <IconPlugConnected size={20} aria-hidden />,
      onClick: () => onTest(gateway),
      disabled: busy,
    },
    ...(canEdit
      ? [
          {
            key: 'edit',
            label: t('actions.edit', { name: gateway.name }),
            icon: <IconPencil size={20} aria-hidden />,
            onClick: () => onEdit(gateway),
            disabled: busy,
          },
          {
            key: 'default',
            label: t('actions.makeDefault', { name: gateway.name }),
            icon: <IconStar size={20} aria-hidden />,
            onClick: () => onMakeDefault(gateway),
            disabled: busy || gateway.isDefault || !gateway.enabled,
          },
          {
            key: 'delete',
            label: t('actions.delete', { name: gateway.name }),
            icon: <IconTrash size={20} aria-hidden />,
            onClick: () => onDelete(gateway),
            disabled: busy || gateway.isDefault,
          },
        ]
      : []),
  ];
  return (
    <CardList<Gateway>
      rows={gateways}
      rowKey={(gateway) => gateway.id}
      label={t('title')}
      testId="gateway-cards"
      cardProps={(gateway) => ({ 'data-kind': gateway.kind })}
      title={(gateway) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {gateway.name}
          {gateway.isDefault ? (
            <Chip size="small" label={t('default')} sx={{ bgcolor: 'primary.light', color: 'textColor.primary', fontWeight: 600 }} />
          ) : null}
        </Box>
      )}
      fields={[
        { key: 'kind', label: t('fields.kind'), render: (gateway) => t(`kindNames.${gateway.kind}`) },
        {
          key: 'rate',
          label: t('fields.rateLimit'),
          render: (gateway) =>
            gateway.rateLimit === null
              ? t('unlimited')
              : t('ratePerSecond', { count: gateway.rateLimit, rate: number.format(gateway.rateLimit) }),
        },
        { key: 'link', label: t('fields.link'), render: (gateway) => <GatewayLinkCell gateway={gateway} /> },
        {
          key: 'enabled',
          label: t('fields.enabled'),
          render: (gateway) =>
            canEdit ? (
              <Switch
                checked={gateway.enabled}
                disabled={busy}
                onChange={(event) => onToggle(gateway, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('toggle', { name: gateway.name }) } }}
                sx={{ my: -1 }}
              />
            ) : (
              <Chip size="small" label={gateway.enabled ? t('enabled') : t('disabled')} variant="outlined" />
            ),
        },
      ]}
      actions={actions}
    />
  );
}
