import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { visitorPassListMachine } from '../../../../machines/visitor-passes/visitor-pass-list/visitor-pass-list-machine';
import { passNamesByPermit } from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-rules';
import { useAppActor } from '../../../shell/app-machines';
import { visitorPassListActors } from '../../../shared/visitor-pass-list-actors';
import { useConnectionEvents } from '../../../shared/use-connection-events';

/**
 * What My Permits shows of visitor passes, read as it opens: whether the API host offers them (a
 * host without the capability answers 404, and nothing about passes is shown; a failed read hides
 * them too, until it is read again when the browser is back online), whether that is still being
 * asked, and the pass each permit was booked through, by permit id, among the passes the host
 * lists (every ready one and the newest that have ended).
 */
export function useVisitorPasses(): {
  offered: boolean;
  checking: boolean;
  passNames: ReadonlyMap<number, string>;
} {
  const actor = useAppActor('visitorPassList', visitorPassListMachine, visitorPassListActors);
  useConnectionEvents(actor);
  const offered = useSelector(actor, (snapshot) => snapshot.matches('listed'));
  const checking = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const passes = useSelector(actor, (snapshot) => snapshot.context.passes);
  const passNames = useMemo(() => passNamesByPermit(passes), [passes]);
  return { offered, checking, passNames };
}
