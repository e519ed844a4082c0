import { Card, Heading, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * The frame of every form screen: a card with the way back (when there is one), the page's one
 * heading and an optional introduction, the form, and an optional footer of links.
 */
export function FormPage({
  title,
  back,
  width = 'md',
  intro,
  footer,
  children,
}: {
  title: ReactNode;
  /** What the screen is for, under the heading. */
  intro?: ReactNode;
  back?: { to: string; label: string };
  width?: 'md' | '2xl';
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root maxW={width} mx="auto">
      <Card.Header gap={2}>
        {back && (
          <Link asChild color="teal.700">
            <RouterLink to={back.to}>{back.label}</RouterLink>
          </Link>
        )}
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {intro}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
      {footer && (
        <Card.Footer flexDirection="column" alignItems="stretch" gap={2}>
          {footer}
        </Card.Footer>
      )}
    </Card.Root>
  );
}
