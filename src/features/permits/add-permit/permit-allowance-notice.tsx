import { Alert, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { dashboardMachine } from '../../../../machines/dashboard/dashboard-machine';
import { addPermitAllowance } from '../../../../machines/permits/add-permit/add-permit-allowance';
import { useAppActor } from '../../../shell/app-machines';
import { capPeriodName } from '../../../i18n/cap-period-name';
import { useProfile } from '../../../shell/session-hooks';
import { dashboardActors } from '../../../shared/dashboard-actors';

/**
 * What the resident may still add, above the Add Permit form: "N permits left" (never the limit,
 * docs/contract.md §9) and, when the site caps activations, those left this period. When none are left it says so before the form
 * is filled in. The figures come from the dashboard's machine (the same calls, fresh on each
 * visit); until they come, or if the profile call fails, the session's profile stands in.
 */
export function PermitAllowanceNotice() {
  const { i18n } = useLingui();
  const sessionProfile = useProfile();
  const dashboard = useAppActor('dashboard', dashboardMachine, dashboardActors);
  const figures = useSelector(dashboard, (snapshot) => snapshot.context.figures);
  const allowance = addPermitAllowance({
    profile: figures?.profile ?? sessionProfile,
    capInfo: figures?.capInfo
      ? { ...figures.capInfo, period_name: capPeriodName(i18n, figures.capInfo.period_name) }
      : null,
  });
  const lines = [allowance.permitsLeft, allowance.activationsLeft].flatMap((line) =>
    line === null ? [] : [i18n._(line)],
  );
  const warnings = allowance.warnings.map((warning) => i18n._(warning));
  if (lines.length === 0) return null;
  return (
    <Stack as="section" aria-label={i18n._('Your allowance')} gap={2}>
      {lines.map((line) => (
        <Text key={line} fontWeight="medium">
          {line}
        </Text>
      ))}
      {warnings.map((warning) => (
        <Alert.Root key={warning} status="warning">
          <Alert.Indicator />
          <Alert.Title>{warning}</Alert.Title>
        </Alert.Root>
      ))}
    </Stack>
  );
}
