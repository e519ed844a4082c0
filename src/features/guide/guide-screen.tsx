import { Badge, Button, HStack, Link, List, Stack, Strong, Table, Text } from '@chakra-ui/react';
import { badgeRecipe, tableSlotRecipe } from '@chakra-ui/react/theme';
import { Trans, useLingui } from '@lingui/react';
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
import { LoadingStatus } from '../../ui/loading-spinner';

/** What each status means to a resident (docs/contract.md §4 where it says; our words elsewhere). */
const statusMeanings: Readonly<Record<PermitStatus, string>> = {
  ACTIVE: /*i18n*/ 'The permit is live with the parking provider.',
  SCHEDULED: /*i18n*/ 'The permit will start at the date and time you chose.',
  QUEUED: /*i18n*/ 'The permit is waiting for the parking provider to take it.',
  CANCEL_PENDING: /*i18n*/ 'Your cancellation is being processed.',
  CANCELLED: /*i18n*/ 'The permit was cancelled and is no longer valid.',
  CANCEL_FAILED:
    /*i18n*/ 'The cancellation could not be completed. Contact support if the permit should not be active.',
  UPDATE_PENDING: /*i18n*/ 'A change to the permit’s end date is being processed.',
  UPDATE_FAILED:
    /*i18n*/ 'The change could not be made. You can cancel the permit or contact support.',
  EXPIRE_PENDING: /*i18n*/ 'The permit has reached its end and is being closed.',
  EXPIRED: /*i18n*/ 'The permit expired automatically at its end.',
  FAILED: /*i18n*/ 'Creating the permit failed after several retries.',
  FAILED_LIMIT: /*i18n*/ 'The permit was not created because your permit limit was exceeded.',
};

/** The guide's words in bold: the names of buttons, fields and pages as the resident sees them. */
const strong = <Strong />;

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
  const { i18n } = useLingui();
  const automaticEndHours = settings.default_end_date_limit_hours;
  return (
    <List.Root as="ol" gap={2} ps={5}>
      <List.Item>
        <Trans
          id="Go to <0>Add Permit</0> in the navigation bar, or select <1>Add New Permit</1> on this page."
          components={{ 0: strong, 1: strong }}
        />
      </List.Item>
      {settings.can_add_reference && (
        <List.Item>
          <Trans
            id="Enter a <0>reference label</0>: a label of your own, unique to this permit."
            components={{ 0: strong }}
          />
        </List.Item>
      )}
      <List.Item>
        <Trans
          id="Enter the vehicle’s <0>registration number</0>, <1>make</1> and <2>model</2>, and its <3>colour</3> if you like. The registration shows in capital letters however you type it."
          components={{ 0: strong, 1: strong, 2: strong, 3: strong }}
        />
      </List.Item>
      <List.Item>
        <Trans
          id="Add the driver’s <0>first and last name</0> if you know them. Both are optional."
          components={{ 0: strong }}
        />
      </List.Item>
      {automaticEndHours > 0 ? (
        <List.Item>
          {i18n._(
            'You do not choose an end date: every permit on this site ends automatically {hours, plural, one {# hour} other {# hours}} after it starts.',
            { hours: automaticEndHours },
          )}
        </List.Item>
      ) : (
        <List.Item>
          <Trans
            id="Choose how long the permit lasts: pick an <0>expiry date</0> and time in the future, or tick <1>Set as Indefinite</1> to keep the permit active until you cancel it."
            components={{ 0: strong, 1: strong }}
          />
        </List.Item>
      )}
      {settings.can_schedule_permits && (
        <List.Item>
          <Trans
            id="To start the permit later, tick <0>Schedule permit for future activation</0> and choose a start date and time at least 1 minute in the future. Otherwise the permit starts straight away."
            components={{ 0: strong }}
          />
        </List.Item>
      )}
      <List.Item>
        <Trans
          id="Review the details, tick the box at the bottom to confirm you have verified them, and select <0>Create Permit</0>. You then go to My Permits, where you can follow the new permit’s status."
          components={{ 0: strong }}
        />
      </List.Item>
    </List.Root>
  );
}

function StatusTable() {
  const { i18n } = useLingui();
  return (
    <Table.Root recipe={tableSlotRecipe} size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{i18n._('Status')}</Table.ColumnHeader>
          <Table.ColumnHeader>{i18n._('What it means')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {permitStatuses.map((status) => (
          <Table.Row key={status}>
            <Table.Cell>
              <Badge
                recipe={badgeRecipe}
                colorPalette={permitStatusTable[status].colour}
                _highContrast={forcedColoursOutline}
              >
                {i18n._(permitStatusTable[status].label)}
              </Badge>
            </Table.Cell>
            <Table.Cell>{i18n._(statusMeanings[status])}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function ManagementPoints({ settings }: { settings: SiteSettings }) {
  const { i18n } = useLingui();
  const automaticEndHours = settings.default_end_date_limit_hours;
  return (
    <Points>
      {settings.can_schedule_permits && (
        <>
          <List.Item>
            {automaticEndHours > 0 ? (
              <Trans
                id="<0>Update</0> changes a scheduled permit’s start date and time; its end moves with it, {hours, plural, one {# hour} other {# hours}} after the new start."
                values={{ hours: automaticEndHours }}
                components={{ 0: strong }}
              />
            ) : (
              <Trans
                id="<0>Update</0> changes a scheduled permit’s start date and time, and its expiry, or makes it indefinite."
                components={{ 0: strong }}
              />
            )}
          </List.Item>
          <List.Item>
            <Trans
              id="<0>Set Live Now</0> starts a scheduled permit straight away."
              components={{ 0: strong }}
            />
          </List.Item>
        </>
      )}
      <List.Item>
        <Trans
          id="<0>Cancel</0> ends a permit that is active, queued, scheduled or updating, or whose update failed. Cancelling cannot be undone."
          components={{ 0: strong }}
        />
      </List.Item>
      <List.Item>
        {i18n._(
          'Each of these asks you to confirm first. Afterwards the list shows the permit’s new status as the parking provider processes the change.',
        )}
      </List.Item>
    </Points>
  );
}

function GuideContent({ settings }: { settings: SiteSettings }) {
  const { i18n } = useLingui();
  const supportLink = <SupportLink />;
  return (
    <>
      <SectionCard title={i18n._('Getting Started')}>
        <Points>
          <List.Item>
            <Trans
              id="Sign in with your email address and password. If you forget your password, use <0>Forgot your password?</0> on the sign-in page to get a reset link by email."
              components={{ 0: strong }}
            />
          </List.Item>
          <List.Item>
            {i18n._(
              'The navigation bar takes you to the Dashboard, Add Permit, My Permits, this guide and Settings. The menu behind your initials holds Settings and Log out.',
            )}
          </List.Item>
        </Points>
      </SectionCard>
      <SectionCard title={i18n._('Using the Dashboard')}>
        <Points>
          <List.Item>
            <Trans
              id="<0>Available Permits</0> shows how many more permits you can hold at the same time, with your active registrations and queued permits."
              components={{ 0: strong }}
            />
          </List.Item>
          <List.Item>
            <Trans
              id="<0>Activated Permits</0> shows how many permits have been activated this month or quarter, against your site’s activation cap if it has one."
              components={{ 0: strong }}
            />
          </List.Item>
          <List.Item>
            {i18n._('The bars turn orange at {high}% and red at {critical}%.', usageThresholds)}
          </List.Item>
        </Points>
      </SectionCard>
      <SectionCard title={i18n._('Adding Permits')}>
        <AddingPermitSteps settings={settings} />
      </SectionCard>
      <SectionCard title={i18n._('Permit Statuses')}>
        <StatusTable />
      </SectionCard>
      <SectionCard title={i18n._('Managing Permits')}>
        <ManagementPoints settings={settings} />
      </SectionCard>
      <SectionCard title={i18n._('My Permits')}>
        <Points>
          <List.Item>
            {i18n._(
              'My Permits lists your permits, 20 to a page, with page numbers, Previous and Next.',
            )}
          </List.Item>
          <List.Item>
            <Trans
              id="Filter by status (<0>Select All</0> or <1>Deselect All</1> picks every status at once) and by the date permits were created, or search by registration, driver name, reference, make, model or colour. <2>Reset</2> brings back the standard filters: every status, created today."
              components={{ 0: strong, 1: strong, 2: strong }}
            />
          </List.Item>
          <List.Item>
            {i18n._(
              'Each permit shows its registration, vehicle, reference, status, driver, start and end. A permit with no end shows Indefinite.',
            )}
          </List.Item>
          <List.Item>
            {i18n._('While a permit is being processed, the list updates itself.')}
          </List.Item>
        </Points>
      </SectionCard>
      <SectionCard title={i18n._('Account Settings')}>
        <Points>
          <List.Item>
            <Trans
              id="<0>Settings</0> lets you change your password. A password needs at least 8 characters, with upper-case and lower-case letters and a number."
              components={{ 0: strong }}
            />
          </List.Item>
          <List.Item>
            <Trans
              id="<0>Contact Support</0> in Settings writes an email to <1/>."
              components={{ 0: strong, 1: supportLink }}
            />
          </List.Item>
        </Points>
      </SectionCard>
      <SectionCard title={i18n._('Troubleshooting')}>
        <Points>
          <List.Item>
            <Trans
              id="<0>A permit stays Queued:</0> the parking provider has not confirmed it yet. The list updates by itself; if it stays queued for long, contact support."
              components={{ 0: strong }}
            />
          </List.Item>
          <List.Item>
            <Trans
              id="<0>“Overlapping permit detected”:</0> a permit for the same vehicle and time already exists. Adjust or cancel the other permit first."
              components={{ 0: strong }}
            />
          </List.Item>
          <List.Item>
            <Trans
              id="<0>“You have reached your permit limit”:</0> wait for one of your permits to end, or cancel one you no longer need."
              components={{ 0: strong }}
            />
          </List.Item>
          <List.Item>
            <Trans
              id="<0>Failed or Failed - Limit Exceeded:</0> the permit was not created. Check the Dashboard for available permits, then add it again."
              components={{ 0: strong }}
            />
          </List.Item>
          <List.Item>
            <Trans
              id="<0>Signed out unexpectedly:</0> sign in again, or reset your password from the sign-in page."
              components={{ 0: strong }}
            />
          </List.Item>
          <List.Item>
            <Trans
              id="<0>Anything else:</0> contact support at <1/>."
              components={{ 0: strong, 1: supportLink }}
            />
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
  const { i18n } = useLingui();
  const settings = useSiteSettings();
  return (
    <Stack gap={6}>
      <Stack gap={3}>
        <PageHeader path={paths.guide} />
        <Text>{i18n._('How to add your visitors’ permits and keep track of them.')}</Text>
        <HStack gap={3} wrap="wrap">
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.addPermit}>{i18n._('Add New Permit')}</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="teal">
            <RouterLink to={paths.myPermits}>{i18n._('View My Permits')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
      {settings === null ? (
        <LoadingStatus label={i18n._('Loading site settings')} />
      ) : (
        <GuideContent settings={settings} />
      )}
    </Stack>
  );
}
