import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PermissionMatrixRow } from '@sms/contracts/permission-matrix';
import { MATRIX_SUBJECTS } from '@sms/contracts/policy-matrix';
import { ROLES, type Role } from '@sms/contracts/roles';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCardLayout } from '../../../components/card-list/use-card-layout';

/** The matrix rows of each subject, in policy order. */
const groupsOf = (rows: readonly PermissionMatrixRow[]) =>
  MATRIX_SUBJECTS.map((subject) => ({ subject, rows: rows.filter((row) => row.subject === subject) })).filter(
    (group) => group.rows.length > 0,
  );

const highlight = { bgcolor: 'primary.light' } as const;
/** Read by screen readers, not shown (the icons say it visually; pixel units: in sx a bare 1 means 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Cell({ allowed, current }: { allowed: boolean; current: boolean }) {
  const { t } = useTranslation('roles');
  return (
    <TableCell align="center" sx={current ? highlight : undefined} data-allowed={allowed}>
      <Box component="span" aria-hidden sx={{ color: allowed ? 'success.main' : 'text.disabled', display: 'inline-flex' }}>
        {allowed ? <IconCheck size={20} stroke={2.2} /> : <IconMinus size={18} />}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {allowed ? t('matrix.allowed') : t('matrix.denied')}
      </Box>
    </TableCell>
  );
}

function SubjectRows({ subject, rows, role }: { subject: string; rows: PermissionMatrixRow[]; role: Role | undefined }) {
  const { t } = useTranslation(['roles', 'policy']);
  return rows.map((row, index) => (
    <TableRow key={`${subject}-${row.action}`} data-testid={`matrix-${row.action}-${subject}`}>
      {index === 0 ? (
        <TableCell component="th" scope="rowgroup" rowSpan={rows.length} sx={{ verticalAlign: 'top', minWidth: 220, maxWidth: 320 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(`policy:subjects.${subject}`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`policy:subjectHints.${subject}`)}
          </Typography>
        </TableCell>
      ) : null}
      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
        {t(`policy:actions.${row.action}`)}
        {row.operations.length > 0 ? (
          <Typography
            variant="caption"
            component="div"
            color="text.secondary"
            title={row.operations.join('\n')}
            data-testid="matrix-operations"
          >
            {t('roles:matrix.operations', { count: row.operations.length })}
          </Typography>
        ) : null}
      </TableCell>
      {ROLES.map((each) => (
        <Cell key={each} allowed={row.allowed[each]} current={each === role} />
      ))}
    </TableRow>
  ));
}

/** An action's roles on a phone: each role with its tick or dash, wrapping; the reader's role highlighted. */
function RoleMarks({ row, role }: { row: PermissionMatrixRow; role: Role | undefined }) {
  const { t } = useTranslation(['roles', 'common']);
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
      {ROLES.map((each) => (
        <Box
          component="span"
          key={each}
          data-allowed={row.allowed[each]}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.25,
            ...(each === role ? { ...highlight, px: 0.5, borderRadius: 1 } : {}),
          }}
        >
          <Box component="span" aria-hidden sx={{ color: row.allowed[each] ? 'success.main' : 'text.disabled', display: 'inline-flex' }}>
            {row.allowed[each] ? <IconCheck size={16} stroke={2.2} /> : <IconMinus size={14} />}
          </Box>
          {t(`common:roles.${each}`)}
          <Box component="span" sx={visuallyHidden}>
            {row.allowed[each] ? t('matrix.allowed') : t('matrix.denied')}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Roles x actions x subjects, as the server serves them from its routes' declarations (each cell
 * with how many operations need it); the signed-in user's role column is highlighted.
 */
export function PermissionMatrix({ rows, role }: { rows: readonly PermissionMatrixRow[]; role: Role | undefined }) {
  const { t } = useTranslation(['roles', 'common', 'policy']);
  // On a phone, one card per area, each action with its roles: the matrix's six columns ran past the screen (issue 37).
  const cards = useCardLayout();
  if (cards)
    return (
      <Stack
        component="ul"
        aria-label={t('matrix.label')}
        data-testid="permission-matrix"
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {groupsOf(rows).map((group) => (
          <Card component="li" key={group.subject} variant="outlined" sx={{ p: 1.5 }} data-testid="list-card">
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {t(`policy:subjects.${group.subject}`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`policy:subjectHints.${group.subject}`)}
            </Typography>
            <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gap: 1 }}>
              {group.rows.map((row) => (
                <Box key={row.action} data-testid={`matrix-${row.action}-${group.subject}`}>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`policy:actions.${row.action}`)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    <RoleMarks row={row} role={role} />
                  </Typography>
                </Box>
              ))}
            </Box>
          </Card>
        ))}
      </Stack>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('matrix.label')} data-testid="permission-matrix">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('matrix.area')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('matrix.action')}
            </TableCell>
            {ROLES.map((each) => (
              <TableCell
                key={each}
                component="th"
                scope="col"
                align="center"
                sx={each === role ? { ...highlight, fontWeight: 700 } : undefined}
                data-current={each === role || undefined}
              >
                {t(`common:roles.${each}`)}
                {each === role ? (
                  <Typography variant="caption" component="div" sx={{ fontWeight: 600, color: 'primary.main' }}>
                    {t('matrix.yourRole')}
                  </Typography>
                ) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groupsOf(rows).map((group) => (
            <SubjectRows key={group.subject} subject={group.subject} rows={group.rows} role={role} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
