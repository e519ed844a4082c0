import {
  Badge,
  Box,
  Button,
  HStack,
  Link,
  List,
  Spinner,
  Stack,
  Strong,
  Table,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { usageThresholds } from '../../../machines/dashboard/permit-usage';
import { permitStatusTable } from '../../../machines/permits/rules/permit-status-table';
import { permitStatuses, type PermitStatus } from '../../../contract/permit-status';
import type { SiteSettings } from '../../../contract/site-settings';
import { getConfig } from '../../config';
import { PageHeader } from '../../shell/page-header';
import { paths } from '../../shell/pages';
import { SectionCard } from '../../ui/section-card';
import { useSiteSettings } from '../../shell/site-settings-provider';
import { forcedColoursOutline } from '../../ui/forced-colours';

/** What each status means to a resident (docs/contract.md §4 where it says; our words elsewhere). */
const statusMeanings: Readonly<Record<PermitStatus, string>> = {
  ACTIVE: 'The permit is live with the parking provider.',
  SCHEDULED: 'The permit will start at the date and time you chose.',
  QUEUED: 'The permit is waiting for the parking provider to take it.',
  CANCEL_PENDING: 'Your cancellation is being processed.',
  CANCELLED: 'The permit was cancelled and is no longer valid.',
  CANCEL_FAILED:
    'The cancellation could not be completed. Contact support if the permit should not be active.',
  UPDATE_PENDING: 'A change to the permit’s end date is being processed.',
  UPDATE_FAILED: 'The change could not be made. You can cancel the permit or contact support.',
  EXPIRE_PENDING: 'The permit has reached its end and is being closed.',
  EXPIRED: 'The permit expired automatically at its end.',
  FAILED: 'Creating the permit failed after several retries.',
  FAILED_LIMIT: 'The permit was not created because your permit limit was exceeded.',
};

function hours(count: number): string {
  return count === 1 ? '1 hour' : `${count} hours`;
}

function Points({ children }: { children: ReactNode }) {
  return (
    <List.Root gap={2} ps={5}>
      {children}
    </List.Root>
  );
}

function SupportLink() {
  const { supportEmail } = getConfig();
  return (
    <Link href={`mailto:${supportEmail}`} color="teal.700" textDecoration="underline">
      {supportEmail}
    </Link>
  );
}

function AddingPermitSteps({ settings }: { settings: SiteSettings }) {
  const automaticEndHours = settings.default_end_date_limit_hours;
  return (
    <List.Root as="ol" gap={2} ps={5}>
      <List.Item>
        Go to <Strong>Add Permit</Strong> in the navigation bar, or select{' '}
        <Strong>Add New Permit</Strong> on this page.
      </List.Item>
      {settings.can_add_reference && (
        <List.Item>
          Enter a <Strong>reference label</Strong>: a label of your own, unique to this permit.
        </List.Item>
      )}
      <List.Item>
        Enter the vehicle’s <Strong>registration number</Strong>, <Strong>make</Strong> and{' '}
        <Strong>model</Strong>, and its <Strong>colour</Strong> if you like. The registration shows
        in capital letters however you type it.
      </List.Item>
      <List.Item>
        Add the driver’s <Strong>first and last name</Strong> if you know them. Both are optional.
      </List.Item>
      {automaticEndHours > 0 ? (
        <List.Item>
          You do not choose an end date: every permit on this site ends automatically{' '}
          {hours(automaticEndHours)} after it starts.
        </List.Item>
      ) : (
        <List.Item>
          Choose how long the permit lasts: pick an <Strong>expiry date</Strong> and time in the
          future, or tick <Strong>Set as Indefinite</Strong> to keep the permit active until you
          cancel it.
        </List.Item>
      )}
      {settings.can_schedule_permits && (
        <List.Item>
          To start the permit later, tick <Strong>Schedule permit for future activation</Strong> and
          choose a start date and time at least 1 minute in the future. Otherwise the permit starts
          straight away.
        </List.Item>
      )}
      <List.Item>
        Review the details, tick the box at the bottom to confirm you have verified them, and select{' '}
        <Strong>Create Permit</Strong>. You then go to My Permits, where you can follow the new
        permit’s status.
      </List.Item>
    </List.Root>
  );
}

function StatusTable() {
  return (
    <Table.Root size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>What it means</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {permitStatuses.map((status) => (
          <Table.Row key={status}>
            <Table.Cell>
              <Badge
                colorPalette={permitStatusTable[status].colour}
                _highContrast={forcedColoursOutline}
              >
                {permitStatusTable[status].label}
              </Badge>
            </Table.Cell>
            <Table.Cell>{statusMeanings[status]}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function ManagementPoints({ settings }: { settings: SiteSettings }) {
  const automaticEndHours = settings.default_end_date_limit_hours;
  return (
    <Points>
      {settings.can_schedule_permits && (
        <>
          <List.Item>
            <Strong>Update</Strong> changes a scheduled permit’s start date and time
            {automaticEndHours > 0
              ? `; its end moves with it, ${hours(automaticEndHours)} after the new start.`
              : ', and its expiry, or makes it indefinite.'}
          </List.Item>
          <List.Item>
            <Strong>Set Live Now</Strong> starts a scheduled permit straight away.
          </List.Item>
        </>
      )}
      <List.Item>
        <Strong>Cancel</Strong> ends a permit that is active, queued, scheduled or updating, or
        whose update failed. Cancelling cannot be undone.
      </List.Item>
      <List.Item>
        Each of these asks you to confirm first. Afterwards the list shows the permit’s new status
        as the parking provider processes the change.
      </List.Item>
    </Points>
  );
}

function GuideContent({ settings }: { settings: SiteSettings }) {
  return (
    <>
      <SectionCard title="Getting Started">
        <Points>
          <List.Item>
            Sign in with your email address and password. If you forget your password, use{' '}
            <Strong>Forgot your password?</Strong> on the sign-in page to get a reset link by email.
          </List.Item>
          <List.Item>
            The navigation bar takes you to the Dashboard, Add Permit, My Permits, this guide and
            Settings. The menu behind your initials holds Settings and Log out.
          </List.Item>
        </Points>
      </SectionCard>
      <SectionCard title="Using the Dashboard">
        <Points>
          <List.Item>
            <Strong>Available Permits</Strong> shows how many more permits you can hold at the same
            time, with your active registrations and queued permits.
          </List.Item>
          <List.Item>
            <Strong>Activated Permits</Strong> shows how many permits have been activated this month
            or quarter, against your site’s activation cap if it has one.
          </List.Item>
          <List.Item>
            The bars turn orange at {usageThresholds.high}% and red at {usageThresholds.critical}%.
          </List.Item>
        </Points>
      </SectionCard>
      <SectionCard title="Adding Permits">
        <AddingPermitSteps settings={settings} />
      </SectionCard>
      <SectionCard title="Permit Statuses">
        <StatusTable />
      </SectionCard>
      <SectionCard title="Managing Permits">
        <ManagementPoints settings={settings} />
      </SectionCard>
      <SectionCard title="My Permits">
        <Points>
          <List.Item>
            My Permits lists your permits, 20 to a page, with page numbers, Previous and Next.
          </List.Item>
          <List.Item>
            Filter by status (<Strong>Select All</Strong> or <Strong>Deselect All</Strong> picks
            every status at once) and by the date permits were created, or search by registration,
            driver name, reference, make, model or colour. <Strong>Reset</Strong> brings back the
            standard filters: every status, created today.
          </List.Item>
          <List.Item>
            Each permit shows its registration, vehicle, reference, status, driver, start and end. A
            permit with no end shows Indefinite.
          </List.Item>
          <List.Item>While a permit is being processed, the list updates itself.</List.Item>
        </Points>
      </SectionCard>
      <SectionCard title="Account Settings">
        <Points>
          <List.Item>
            <Strong>Settings</Strong> lets you change your password. A password needs at least 8
            characters, with upper-case and lower-case letters and a number.
          </List.Item>
          <List.Item>
            <Strong>Contact Support</Strong> in Settings writes an email to <SupportLink />.
          </List.Item>
        </Points>
      </SectionCard>
      <SectionCard title="Troubleshooting">
        <Points>
          <List.Item>
            <Strong>A permit stays Queued:</Strong> the parking provider has not confirmed it yet.
            The list updates by itself; if it stays queued for long, contact support.
          </List.Item>
          <List.Item>
            <Strong>“Overlapping permit detected”:</Strong> a permit for the same vehicle and time
            already exists. Adjust or cancel the other permit first.
          </List.Item>
          <List.Item>
            <Strong>“You have reached your permit limit”:</Strong> wait for one of your permits to
            end, or cancel one you no longer need.
          </List.Item>
          <List.Item>
            <Strong>Failed or Failed - Limit Exceeded:</Strong> the permit was not created. Check
            the Dashboard for available permits, then add it again.
          </List.Item>
          <List.Item>
            <Strong>Signed out unexpectedly:</Strong> sign in again, or reset your password from the
            sign-in page.
          </List.Item>
          <List.Item>
            <Strong>Anything else:</Strong> contact support at <SupportLink />.
          </List.Item>
        </Points>
      </SectionCard>
    </>
  );
}

/**
 * The how-to guide (docs/contract.md §2, "How-to guide"): how to add and manage permits, adapted to
 * the site's settings.
 */
export function GuideScreen() {
  const settings = useSiteSettings();
  return (
    <Stack gap={6}>
      <Stack gap={3}>
        <PageHeader path={paths.guide} />
        <Text>How to add your visitors’ permits and keep track of them.</Text>
        <HStack gap={3} wrap="wrap">
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.addPermit}>Add New Permit</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="teal">
            <RouterLink to={paths.myPermits}>View My Permits</RouterLink>
          </Button>
        </HStack>
      </Stack>
      {settings === null ? (
        <Box role="status" aria-label="Loading site settings">
          <Spinner />
        </Box>
      ) : (
        <GuideContent settings={settings} />
      )}
    </Stack>
  );
}
