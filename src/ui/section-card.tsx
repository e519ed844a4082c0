import { Card, Heading } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** A card that is a page section: a landmark named by its own h2. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="lg" id={headingId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap={4}>{children}</Card.Body>
    </Card.Root>
  );
}
