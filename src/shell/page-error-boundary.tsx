import { Button, Stack } from '@chakra-ui/react';
import { i18n } from '../i18n/i18n';
import { ErrorAlert } from '../ui/error-alert';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ScreenShown } from './screen-shown';
import { reloadPage } from './reload-page';

/** English ids (lingui.config.ts), translated where shown. */
export const pageErrorTexts = {
  title: /*i18n*/ 'Sorry, this page could not be shown',
  advice: /*i18n*/ 'Check your connection, then reload the page. Nothing you saved has been lost.',
  reload: /*i18n*/ 'Reload page',
} as const;

/**
 * Catches what a page throws while rendering, a lazy chunk that failed to load among it, and
 * shows a plain message with a way to reload instead of a blank screen. The router keys it by
 * path, so moving to another page starts afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Stack gap={4} maxW="xl" mx="auto">
        <ScreenShown />
        <ErrorAlert title={pageErrorTexts.title} message={pageErrorTexts.advice} />
        <Button alignSelf="flex-start" colorPalette="teal" onClick={reloadPage}>
          {/* A class has no hooks: the app's one i18n instance, in the language shown. */}
          {i18n._(pageErrorTexts.reload)}
        </Button>
      </Stack>
    );
  }
}
