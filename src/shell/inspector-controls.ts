import { createBrowserInspector } from '@statelyai/inspect';
import { forwardInspectionEvents, inspectorChoiceKey } from './inspector';

const inspectorUrl = 'https://stately.ai/inspect';
const blockedWarning =
  'The browser blocked the inspector window. Allow pop-ups for this site, or press "Open inspector".';

/**
 * Development builds only (main.tsx imports this behind a NODE_ENV check): an "Open inspector"
 * button in the corner of every page. The click opens the Stately inspector window, so no popup
 * blocker stops it; the choice is kept in sessionStorage, so a redirect or a reload opens it again
 * (and says so when the browser blocks that opening, which no click started).
 */
export function showInspectorControls(): void {
  const inspector = createBrowserInspector({ autoStart: false, url: inspectorUrl });
  const panel = document.createElement('div');
  panel.setAttribute(
    'style',
    'position:fixed;right:8px;bottom:8px;z-index:2147483647;max-width:22rem;font:14px sans-serif',
  );
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Open inspector';
  button.setAttribute(
    'style',
    'padding:4px 10px;border:1px solid #555;border-radius:4px;background:#fff;color:#111',
  );
  const warning = document.createElement('p');
  warning.setAttribute('role', 'alert');
  warning.setAttribute(
    'style',
    'margin:0 0 6px;padding:6px;background:#fff4d6;color:#5c3b00;border:1px solid #c98a00',
  );
  warning.hidden = true;
  panel.append(warning, button);
  document.body.append(panel);

  let started = false;
  const open = () => {
    if (!started) {
      inspector.start();
      started = true;
      forwardInspectionEvents((event) => inspector.inspect.next?.(event));
    } else {
      inspector.adapter.targetWindow = window.open(inspectorUrl, 'xstateinspector');
    }
    const blocked = inspector.adapter.targetWindow === null;
    warning.textContent = blockedWarning;
    warning.hidden = !blocked;
    button.textContent = blocked ? 'Open inspector' : 'Inspector open';
  };
  button.addEventListener('click', () => {
    sessionStorage.setItem(inspectorChoiceKey, 'open');
    open();
  });
  if (sessionStorage.getItem(inspectorChoiceKey) === 'open') open();
}
